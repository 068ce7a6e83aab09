// The service worker: after a first visit the pages it used work with no network, Pyodide
// included; after the next visit, the whole app.
// The build writes the list of this build's files and its version into this script
// (frontend/build/delivery.ts); what happens to each request is in ./strategy.ts. There is no
// skipWaiting: a new build's worker takes over only when no page of the old one is open, so a
// page never mixes files of two builds, and the next visit gets the new build.
import { activate, complete, install, route, type Build } from "./strategy";

declare const self: ServiceWorkerGlobalScope;

const BUILD: Build = JSON.parse("__SW_BUILD__");
const deps = { caches, fetch: (r: Request | string) => fetch(r), origin: self.location.origin };

self.addEventListener("install", (event) => event.waitUntil(install(deps, BUILD)));
self.addEventListener("activate", (event) => event.waitUntil(activate(deps, BUILD)));
// the rest of the build, once: at the first page this worker answers (a later visit's)
let completing: Promise<void> | null = null;
self.addEventListener("fetch", (event) => {
  const answer = route(deps, BUILD, event.request);
  if (answer) event.respondWith(answer);
  if (event.request.mode === "navigate") {
    completing ??= complete(deps, BUILD).catch(() => {
      completing = null; // (the cache itself failed: the next page tries again)
    });
    event.waitUntil(completing);
  }
});
