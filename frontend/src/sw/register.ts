// Registers the service worker (production builds only) once the page has loaded and its Python
// runtime has started, so keeping the app for offline use never competes with the first view:
// by then the runtime's files are in the HTTP cache and the worker's copy costs no download.
export function registerServiceWorker(settled: () => Promise<void>): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const go = () => {
    void settled().then(() => navigator.serviceWorker.register("/sw.js")).catch(() => undefined); // offline use is a bonus, never an error
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
