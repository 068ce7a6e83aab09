// The site header: skip links first, then the app's name and its places: explorers, the atlas,
// lessons, model cards, data.

// Each skip link's target takes focus (tabindex -1), so the next Tab goes on from there: the
// knob panel (id "knobs"), the chart (id "chart"), a page's main region (id "content").
function SkipLinks({ explorer }: { explorer: boolean }) {
  return (
    <div className="skip-links">
      {explorer ? (
        <>
          <a href="#knobs" data-testid="skip-knobs">Skip to the knobs</a>
          <a href="#chart" data-testid="skip-chart">Skip to the chart</a>
        </>
      ) : (
        <a href="#content" data-testid="skip-content">Skip to the content</a>
      )}
    </div>
  );
}

export function Nav() {
  const path = window.location.pathname;
  const here = (p: string) => (p === "/" ? path === "/" || path.startsWith("/explore") : path.startsWith(p));
  return (
    <header className="site-nav">
      <SkipLinks explorer={path.startsWith("/explore/")} />
      <a className="brand" href="/">Memo Lab</a>
      <nav aria-label="Main">
        <a href="/" aria-current={here("/") ? "page" : undefined}>Explore</a>
        <a href="/atlas" aria-current={here("/atlas") ? "page" : undefined}>Atlas</a>
        <a href="/learn" aria-current={here("/learn") ? "page" : undefined}>Learn</a>
        <a href="/models" aria-current={here("/models") ? "page" : undefined}>Models</a>
        <a href="/data" aria-current={here("/data") ? "page" : undefined}>Data</a>
        <a href="/my" aria-current={here("/my") ? "page" : undefined}>My scenarios</a>
      </nav>
    </header>
  );
}
