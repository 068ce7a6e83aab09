// The service worker: after a first visit the app works with no network, Pyodide included.
// The build writes the list of files to keep (every file of this build) and a version into
// this script (frontend/build/delivery.ts); each version keeps its own cache, so a page never
// mixes files of two versions.
//   - pages: the network first (a new deploy is seen on the next visit), else the kept app;
//   - content-hashed files (/assets, /pyodide, /py): the cache first, they never change;
//   - GET /api: the network first, else the last answer kept (datasets, models, scenarios);
//   - everything else (saving a scenario) goes to the network; the page handles failure.
export {};
declare const self: ServiceWorkerGlobalScope;

const BUILD: { files: string[]; version: string } = JSON.parse("__SW_BUILD__");
const MANIFEST = BUILD.files;
const APP = `memolab-app-${BUILD.version}`;
const API = "memolab-api";
const SHELL = "/index.html";

self.addEventListener("install", (event) => {
  // The app's files must all be kept; the API's read-only answers are kept as far as they come.
  event.waitUntil(Promise.all([caches.open(APP).then((c) => c.addAll(MANIFEST)), keepApi().catch(() => undefined)]));
});

/** Every model description and card and every memo dataset, so any page opens offline. */
async function keepApi(): Promise<void> {
  const cache = await caches.open(API);
  const get = async (url: string) => {
    const r = await fetch(url);
    if (r.ok) await cache.put(url, r.clone());
    return r;
  };
  const [models, , datasets] = await Promise.all(["/api/models", "/api/sources", "/api/datasets"].map(get));
  const systems = (await models.json()) as { id: string }[];
  const sets = (await datasets.json()) as { id: string }[];
  await Promise.all([
    ...systems.flatMap((s) => [get(`/api/models/${encodeURIComponent(s.id)}`), get(`/api/models/${encodeURIComponent(s.id)}/card`)]),
    ...sets.map((d) => get(`/api/datasets/${encodeURIComponent(d.id)}`)),
  ]);
}

self.addEventListener("activate", (event) => {
  // Only once no page of an older version is open (no skipWaiting): then its files can go.
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith("memolab-app-") && k !== APP).map((k) => caches.delete(k)))),
  );
});

const HASHED = /^\/(assets|pyodide|py)\//;

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (req.mode === "navigate") event.respondWith(page(req));
  else if (url.pathname.startsWith("/api/")) event.respondWith(api(req));
  else if (HASHED.test(url.pathname)) event.respondWith(kept(req, true));
  else event.respondWith(kept(req, false));
});

async function page(req: Request): Promise<Response> {
  try {
    return await fetch(req);
  } catch {
    const shell = await caches.match(SHELL, { cacheName: APP });
    return shell ?? Response.error();
  }
}

async function api(req: Request): Promise<Response> {
  const cache = await caches.open(API);
  try {
    const r = await fetch(req);
    if (r.ok) await cache.put(req, r.clone());
    return r;
  } catch {
    return (await cache.match(req)) ?? Response.error();
  }
}

async function kept(req: Request, immutable: boolean): Promise<Response> {
  const hit = await caches.match(req, { ignoreSearch: immutable });
  if (hit && immutable) return hit;
  try {
    const r = await fetch(req);
    if (r.ok && immutable) await (await caches.open(APP)).put(req, r.clone());
    return r;
  } catch {
    return hit ?? Response.error();
  }
}
