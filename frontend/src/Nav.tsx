// The site header: skip links first, then the app's name and its places: explorers, lessons,
// model cards, data.
import type { MouseEvent } from "react";

// A skip link moves focus itself (to the first control of what it names), so that the next Tab
// goes on from there in every browser.
function skipTo(e: MouseEvent, selector: string) {
  const target = document.querySelector<HTMLElement>(selector);
  if (!target) return;
  e.preventDefault();
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
}

function SkipLinks({ explorer }: { explorer: boolean }) {
  return (
    <div className="skip-links">
      {explorer ? (
        <>
          <a href="#knobs" data-testid="skip-knobs" onClick={(e) => skipTo(e, ".knob-panel input, .knob-panel select")}>Skip to the knobs</a>
          <a href="#chart" data-testid="skip-chart" onClick={(e) => skipTo(e, "[data-testid=chart] [role=slider]")}>Skip to the chart</a>
        </>
      ) : (
        <a href="#content" data-testid="skip-content" onClick={(e) => skipTo(e, "main")}>Skip to the content</a>
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
        <a href="/learn" aria-current={here("/learn") ? "page" : undefined}>Learn</a>
        <a href="/models" aria-current={here("/models") ? "page" : undefined}>Models</a>
        <a href="/data" aria-current={here("/data") ? "page" : undefined}>Data</a>
        <a href="/my" aria-current={here("/my") ? "page" : undefined}>My scenarios</a>
      </nav>
    </header>
  );
}
