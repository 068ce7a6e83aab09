// What the service worker does with each request, free of the worker's globals so tests can
// drive it with a fake cache and network. One cache per build ("memolab-app-<version>") holds
// the files of that build; "memolab-api" holds the last answer to each read-only API request.
// A first visit keeps the runtime, the explorer and /my (build.essential) and what its page
// used; the rest of the build is kept at the next visit, so that a first visit moves little
// more than what its page needs (bench/startup.mjs).

export interface Deps {
  caches: CacheStorage;
  fetch: (req: Request | string) => Promise<Response>;
  origin: string;
}

export interface Build {
  files: string[];
  /** the files any first visit keeps, whatever its page (the shell's script and the offline
   * pages': frontend/build/delivery.ts), beside the runtime */
  essential?: string[];
  version: string;
}

export const API_CACHE = "memolab-api";
export const appCache = (b: Build) => `memolab-app-${b.version}`;
const SHELL = "/index.html";
const HASHED = /^\/(assets|pyodide|py)\//;

// What any page needs offline, kept all or nothing at install: the Python runtime, the page's
// model worker and the shell.
const CORE = /^\/(pyodide|py)\/|^\/assets\/worker-|^\/index\.html$/;

/** Install. A returning visitor's worker (an earlier build kept) keeps the whole new build, all
 * or nothing. A first visit keeps the runtime, the shell and the essential pages (all or
 * nothing), and of the rest only the files its page already loaded, from the browser's HTTP
 * cache with no download; the rest waits for the next visit (complete). Both keep the API's
 * read-only answers as far as they come (every model description and card, every memo dataset). */
export async function install(d: Deps, b: Build): Promise<void> {
  const returning = (await d.caches.keys()).some((k) => k.startsWith("memolab-app-") && k !== appCache(b));
  const cache = await d.caches.open(appCache(b));
  const first = (f: string) => CORE.test(f) || (b.essential ?? []).includes(f);
  const now = returning ? b.files : b.files.filter(first);
  const loaded = returning ? [] : b.files.filter((f) => !first(f));
  await Promise.all([cache.addAll(now), keepLoaded(d, cache, loaded), keepApi(d).catch(() => undefined)]);
}

/** The files a page already loaded, as the browser's HTTP cache holds them (never the network;
 * one it did not load waits for the next visit). */
function keepLoaded(d: Deps, cache: Cache, files: string[]): Promise<void> {
  return keepEach(cache, files, (f) => d.fetch(new Request(new URL(f, d.origin), { cache: "only-if-cached", mode: "same-origin" })));
}

/** The build's files a first visit did not keep, fetched and kept (at a later visit's page,
 * sw.ts): after it, the whole app works offline. Offline again, the next visit tries. */
export async function complete(d: Deps, b: Build): Promise<void> {
  const cache = await d.caches.open(appCache(b));
  const missing = (await Promise.all(b.files.map(async (f) => ((await cache.match(f)) ? null : f)))).filter((f) => f !== null);
  await keepEach(cache, missing, (f) => d.fetch(f));
}

/** Each file as far as it comes: one that cannot be had is left out, never an error. */
async function keepEach(cache: Cache, files: string[], get: (f: string) => Promise<Response>): Promise<void> {
  await Promise.all(files.map(async (f) => {
    const r = await get(f).catch(() => null);
    if (r?.ok) await cache.put(f, r).catch(() => undefined); // (storage refused: as if not had)
  }));
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
  // (each system's description is in the list: answered from it offline, api() below)
  await Promise.all([
    ...systems.map((s) => get(`/api/models/${encodeURIComponent(s.id)}/card`)),
    ...sets.map((x) => get(`/api/datasets/${encodeURIComponent(x.id)}`)),
  ]);
}

const ONE_SYSTEM = /^\/api\/models\/([^/]+)$/;

/** A system's description offline, from the kept list of every system's (the same objects: the
 * list is kept, not each description again), or undefined. */
async function fromList(cache: Cache, req: Request): Promise<Response | undefined> {
  const id = ONE_SYSTEM.exec(new URL(req.url).pathname)?.[1];
  const list = id ? await cache.match("/api/models") : undefined;
  if (!id || !list) return undefined;
  const one = ((await list.json()) as { id: string }[]).find((s) => s.id === decodeURIComponent(id));
  return one ? new Response(JSON.stringify(one), { headers: { "content-type": "application/json" } }) : undefined;
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
    return (await cache.match(req)) ?? (await fromList(cache, req)) ?? Response.error();
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
