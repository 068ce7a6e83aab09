// Writing the explorer's state into the address bar, off a knob move's critical path.
// Writing the address costs Chromium several milliseconds of the page's thread (it also fetches
// and parses the page's icon again), which a knob moved by key repeat or a drag cannot spare
// between its frames. So a change that asks for a new history entry is written just after its
// frame; the changes that follow it, which only replace that entry, are written once the knob
// has rested for SETTLE_MS (and at least every MAX_WAIT_MS during a long drag). Anything that
// reads the address (copying the link, exports, saving) calls flushUrl first, and leaving or
// hiding the page writes it at once. The fragment is not the view's (an edited model's, the
// workbench's: ./fragment.ts): it is kept as it is when the address is written.
const SETTLE_MS = 200;
const MAX_WAIT_MS = 1000;

let pendingUrl: { url: string; push: boolean } | null = null;
let pendingSince = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function flushUrl() {
  clearTimeout(timer);
  if (!pendingUrl) return;
  const { push } = pendingUrl;
  const url = pendingUrl.url.includes("#") ? pendingUrl.url : pendingUrl.url + window.location.hash;
  pendingUrl = null;
  if (push) window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}

export function writeUrl(url: string, push: boolean) {
  const now = performance.now();
  if (!pendingUrl) pendingSince = now;
  pendingUrl = { url, push: push || (pendingUrl?.push ?? false) };
  clearTimeout(timer);
  if (pendingUrl.push) requestAnimationFrame(() => setTimeout(flushUrl, 0));
  else timer = setTimeout(flushUrl, Math.max(0, Math.min(SETTLE_MS, pendingSince + MAX_WAIT_MS - now)));
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", flushUrl);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushUrl();
  });
}

export function dropPendingUrl(): void {
  clearTimeout(timer);
  pendingUrl = null;
}
