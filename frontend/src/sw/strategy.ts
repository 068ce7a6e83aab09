// What the service worker does with each request, free of the worker's globals so tests can
// drive it with a fake cache and network. One cache per build ("memolab-app-<version>") holds
// every file of that build; "memolab-api" holds the last answer to each read-only API request.

export interface Deps {
  caches: CacheStorage;
  fetch: (req: Request | string) => Promise<Response>;
  origin: string;
}

export interface Build {
  files: string[];
  version: string;
}

export const API_CACHE = "memolab-api";
export const appCache = (b: Build) => `memolab-app-${b.version}`;
const SHELL = "/index.html";
const HASHED = /^\/(assets|pyodide|py)\//;

/** Install: keep every file of this build (all or nothing), and the API's read-only answers as
 * far as they come (every model description and card, every memo dataset). */
export async function install(d: Deps, b: Build): Promise<void> {
  await Promise.all([(await d.caches.open(appCache(b))).addAll(b.files), keepApi(d).catch(() => undefined)]);
}

async function keepApi(d: Deps): Promise<void> {
  const cache = await d.caches.open(API_CACHE);
  const get = async (url: string) => {
    const r = await d.fetch(url);
    if (r.ok) await cache.put(url, r.clone());
    return r;
  };
  const [models, , datasets] = await Promise.all(["/api/models", "/api/sources", "/api/datasets"].map(get));
  const systems = (await models.json()) as { id: string }[];
  const sets = (await datasets.json()) as { id: string }[];
  await Promise.all([
    ...systems.flatMap((s) => [get(`/api/models/${encodeURIComponent(s.id)}`), get(`/api/models/${encodeURIComponent(s.id)}/card`)]),
    ...sets.map((x) => get(`/api/datasets/${encodeURIComponent(x.id)}`)),
  ]);
}

/** Activate (only once no page of an older build is open): older builds' files go. */
export async function activate(d: Deps, b: Build): Promise<void> {
  const keys = await d.caches.keys();
  await Promise.all(keys.filter((k) => k.startsWith("memolab-app-") && k !== appCache(b)).map((k) => d.caches.delete(k)));
}

/** The response for a request, or null to let the browser handle it (not ours to answer). */
export function route(d: Deps, b: Build, req: Request): Promise<Response> | null {
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== d.origin) return null; // saving goes to the network
  if (req.mode === "navigate") return page(d, b, req);
  // A live class is live: nothing to keep for offline, and its event stream never ends (keeping
  // a copy would wait for the whole body forever).
  if (url.pathname.startsWith("/api/classes")) return null;
  if (url.pathname.startsWith("/api/")) return api(d, req);
  return kept(d, b, req, HASHED.test(url.pathname));
}

/** Pages: the network first, so a new build is seen on the next visit; offline, this build's
 * copy of a page it has (the edited model's sandbox, with the headers it was sent with), else its app. */
async function page(d: Deps, b: Build, req: Request): Promise<Response> {
  try {
    return await d.fetch(req);
  } catch {
    const cache = await d.caches.open(appCache(b));
    return (await cache.match(new URL(req.url).pathname)) ?? (await cache.match(SHELL)) ?? Response.error();
  }
}

/** Read-only API: the network first; offline, the last answer kept. */
async function api(d: Deps, req: Request): Promise<Response> {
  const cache = await d.caches.open(API_CACHE);
  try {
    const r = await d.fetch(req);
    if (r.ok) await cache.put(req, r.clone());
    return r;
  } catch {
    return (await cache.match(req)) ?? Response.error();
  }
}

/** Content-hashed files never change: any kept copy will do, else the network (and keep it).
 * Other files (the icon): the network first, the kept copy offline. */
async function kept(d: Deps, b: Build, req: Request, immutable: boolean): Promise<Response> {
  const hit = await d.caches.match(req, { ignoreSearch: immutable });
  if (hit && immutable) return hit;
  try {
    const r = await d.fetch(req);
    if (r.ok && immutable) await (await d.caches.open(appCache(b))).put(req, r.clone());
    return r;
  } catch {
    return hit ?? Response.error();
  }
}
