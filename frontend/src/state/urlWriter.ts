// Writing the explorer's state into the address bar, off a knob move's critical path.
// Writing the address costs Chromium a few milliseconds, which a knob move cannot spare before
// its frame: the newest address is written just after the next frame (or at once when the page
// is being left), a new history entry if any change since the last write asked for one.
let pendingUrl: { url: string; push: boolean } | null = null;
export function flushUrl() {
  if (!pendingUrl) return;
  const { url, push } = pendingUrl;
  pendingUrl = null;
  if (push) window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}
export function writeUrl(url: string, push: boolean) {
  const scheduled = pendingUrl !== null;
  pendingUrl = { url, push: push || (pendingUrl?.push ?? false) };
  if (!scheduled) requestAnimationFrame(() => setTimeout(flushUrl, 0));
}
if (typeof window !== "undefined") window.addEventListener("pagehide", flushUrl);

export function dropPendingUrl(): void {
  pendingUrl = null;
}
