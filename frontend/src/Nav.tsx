// The site header: the app's name and its places: explorers, lessons, model cards, data.
export function Nav() {
  const path = window.location.pathname;
  const here = (p: string) => (p === "/" ? path === "/" || path.startsWith("/explore") : path.startsWith(p));
  return (
    <header className="site-nav">
      <a className="brand" href="/">Memo Lab</a>
      <nav aria-label="Main">
        <a href="/" aria-current={here("/") ? "page" : undefined}>Explore</a>
        <a href="/learn" aria-current={here("/learn") ? "page" : undefined}>Learn</a>
        <a href="/models" aria-current={here("/models") ? "page" : undefined}>Models</a>
        <a href="/data" aria-current={here("/data") ? "page" : undefined}>Data</a>
        <a href="/my" aria-current={here("/my") ? "page" : undefined}>My scenarios</a>
      </nav>
    </header>
  );
}
