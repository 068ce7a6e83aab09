// @vitest-environment node
// The service worker's strategy with an in-memory CacheStorage and a switchable network: a first
// visit keeps the runtime, the shell and what its page loaded, the next visit the rest of the
// build; pages and API reads go to the network first and fall back offline, hashed files come
// from any kept copy, and a new build replaces the old one's files only when it activates.
import { beforeEach, describe, expect, it } from "vitest";
import { activate, appCache, complete, install, route, type Build, type Deps } from "../../src/sw/strategy";

const ORIGIN = "https://memolab.test";

class MemoryCache {
  store = new Map<string, Response>();
  private key = (r: Request | string, ignoreSearch = false) => {
    const u = new URL(typeof r === "string" ? r : r.url, ORIGIN);
    return ignoreSearch ? u.origin + u.pathname : u.href;
  };
  async match(r: Request | string, o?: { ignoreSearch?: boolean }) {
    const k = this.key(r, o?.ignoreSearch);
    for (const [key, v] of this.store) if ((o?.ignoreSearch ? key.split("?")[0] : key) === k) return v.clone();
    return undefined;
  }
  async put(r: Request | string, res: Response) {
    this.store.set(this.key(r), res.clone());
  }
  async addAll(urls: string[]) {
    const got = await Promise.all(urls.map(async (u) => [u, await net.fetch(u)] as const));
    if (got.some(([, r]) => !r.ok)) throw new TypeError("addAll: a request failed");
    for (const [u, r] of got) await this.put(u, r);
  }
}

class MemoryCaches {
  caches = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async match(r: Request | string, o?: { ignoreSearch?: boolean }) {
    for (const c of this.caches.values()) {
      const hit = await c.match(r, o);
      if (hit) return hit;
    }
    return undefined;
  }
}

// The server: one body per path (a deploy changes them); `online` cuts the network. `loaded`:
// what the browser's HTTP cache holds (the page's own downloads), answered to `only-if-cached`
// without the network.
const net = {
  online: true,
  files: new Map<string, string>(),
  fetched: [] as string[],
  loaded: new Set<string>(),
  async fetch(r: Request | string): Promise<Response> {
    const path = new URL(typeof r === "string" ? r : r.url, ORIGIN).pathname;
    if (typeof r !== "string" && r.cache === "only-if-cached") {
      const body = this.files.get(path);
      if (!this.loaded.has(path) || body === undefined) throw new TypeError("not in the HTTP cache");
      return new Response(body, { status: 200 });
    }
    this.fetched.push(path);
    if (!this.online) throw new TypeError("Failed to fetch");
    // Like the app: any other address is a client-side route, answered with the page.
    const spa = /^\/(assets|pyodide|py)\//.test(path) ? undefined : this.files.get("/index.html");
    const body = this.files.get(path) ?? (path.startsWith("/api/") ? "[]" : spa);
    return body === undefined ? new Response("missing", { status: 404 }) : new Response(body, { status: 200 });
  },
};

let caches: MemoryCaches;
const deps = (): Deps => ({ caches: caches as unknown as CacheStorage, fetch: (r) => net.fetch(r), origin: ORIGIN });
const get = (path: string, mode: RequestMode = "cors") => {
  const req = new Request(ORIGIN + path);
  Object.defineProperty(req, "mode", { value: mode }); // Node's Request cannot be made a navigation
  return req;
};
const text = async (p: Promise<Response> | null) => (p ? (await p).text() : "not answered");

const v1: Build = { files: ["/index.html", "/assets/app-1.js", "/pyodide/aaa/pyodide.asm.wasm"], version: "v1" };
const v2: Build = { files: ["/index.html", "/assets/app-2.js", "/pyodide/aaa/pyodide.asm.wasm"], version: "v2" };

beforeEach(() => {
  caches = new MemoryCaches();
  net.online = true;
  net.fetched = [];
  net.loaded = new Set(["/index.html", "/assets/app-1.js", "/pyodide/aaa/pyodide.asm.wasm"]);
  net.files = new Map([
    ["/index.html", "<html>v1 app-1.js</html>"],
    ["/assets/app-1.js", "app one"],
    ["/pyodide/aaa/pyodide.asm.wasm", "wasm"],
    ["/api/models", JSON.stringify([{ id: "decnet", title: "DECnet" }, { id: "rsx-qio", title: "RSX" }])],
    ["/api/models/decnet", JSON.stringify({ id: "decnet", title: "DECnet" })],
  ]);
});

describe("service worker strategy", () => {
  it("offline, opens the edited model's sandbox from the build's own copy, not the app", async () => {
    const build: Build = { files: [...v1.files, "/sandbox.html"], version: "v1s" };
    net.files.set("/sandbox.html", "<html>sandbox</html>");
    await install(deps(), build);
    await complete(deps(), build); // (the sandbox is not a first visit's page: kept at the next)
    net.online = false;
    expect(await text(route(deps(), build, get("/sandbox.html", "navigate")))).toBe("<html>sandbox</html>");
    expect(await text(route(deps(), build, get("/explore/afs", "navigate")))).toBe("<html>v1 app-1.js</html>");
  });


  it("a first visit keeps the runtime, the shell and what its page loaded, and downloads nothing else of the build", async () => {
    const build: Build = { files: [...v1.files, "/assets/workbench-1.js"], version: "v1w" };
    net.files.set("/assets/workbench-1.js", "an editor");
    await install(deps(), build);
    const kept = async () => [...(await caches.open(appCache(build))).store.keys()].map((k) => new URL(k).pathname).sort();
    expect(await kept()).toEqual([...v1.files].sort());
    expect(net.fetched).not.toContain("/assets/workbench-1.js");
    // the next visit's page: the rest of the build is kept, and then works offline
    await complete(deps(), build);
    expect(await kept()).toEqual([...build.files].sort());
    net.online = false;
    expect(await text(route(deps(), build, get("/assets/workbench-1.js")))).toBe("an editor");
  });

  it("a first visit keeps the essential pages, loaded or not, whole", async () => {
    const build: Build = { files: [...v1.files, "/assets/my-1.js", "/assets/workbench-1.js"], essential: ["/assets/my-1.js"], version: "v1e" };
    net.files.set("/assets/my-1.js", "my scenarios");
    net.files.set("/assets/workbench-1.js", "an editor");
    await install(deps(), build);
    net.online = false;
    expect(await text(route(deps(), build, get("/assets/my-1.js")))).toBe("my scenarios");
    expect((await route(deps(), build, get("/assets/workbench-1.js"))!).type).toBe("error");
    net.online = true;
    net.files.delete("/assets/my-1.js");
    await expect(install(deps(), { ...build, version: "v1f" })).rejects.toThrow(); // (all or nothing)
  });

  it("a next visit offline keeps nothing more and breaks nothing: the visit after tries again", async () => {
    const build: Build = { files: [...v1.files, "/assets/workbench-1.js"], version: "v1w" };
    net.files.set("/assets/workbench-1.js", "an editor");
    await install(deps(), build);
    net.online = false;
    await complete(deps(), build);
    expect(await text(route(deps(), build, get("/assets/app-1.js")))).toBe("app one");
    net.online = true;
    await complete(deps(), build);
    expect(await text(route(deps(), build, get("/assets/workbench-1.js")))).toBe("an editor");
  });

  it("keeps the page's files and the API's answers, then works with the network cut", async () => {
    await install(deps(), v1);
    expect([...(await caches.open(appCache(v1))).store.keys()].map((k) => new URL(k).pathname).sort()).toEqual([...v1.files].sort());
    net.online = false;
    expect(await text(route(deps(), v1, get("/explore/decnet", "navigate")))).toBe("<html>v1 app-1.js</html>");
    expect(await text(route(deps(), v1, get("/assets/app-1.js")))).toBe("app one");
    // a system's description from the kept list (the first visit does not fetch each again)
    expect(net.fetched).not.toContain("/api/models/rsx-qio");
    expect(JSON.parse(await text(route(deps(), v1, get("/api/models/rsx-qio"))))).toEqual({ id: "rsx-qio", title: "RSX" });
    expect((await route(deps(), v1, get("/api/models/lavc"))!).type).toBe("error"); // never kept: an honest failure
    expect((await route(deps(), v1, get("/api/models/lavc/sweep"))!).type).toBe("error");
  });

  it("a build whose runtime or shell cannot be kept is not installed", async () => {
    await expect(install(deps(), { files: ["/index.html", "/pyodide/gone/pyodide.asm.wasm"], version: "bad" })).rejects.toThrow();
  });

  it("pages come from the network first: a new deploy is seen on the next visit", async () => {
    await install(deps(), v1);
    net.files.set("/index.html", "<html>v2 app-2.js</html>");
    net.files.set("/assets/app-2.js", "app two");
    expect(await text(route(deps(), v1, get("/", "navigate")))).toBe("<html>v2 app-2.js</html>");
    // The new page's files are fetched (the old build's worker has not kept them) and kept.
    expect(await text(route(deps(), v1, get("/assets/app-2.js")))).toBe("app two");
  });

  it("hashed files come from the kept copy without the network; saving is never answered here", async () => {
    await install(deps(), v1);
    net.fetched = [];
    expect(await text(route(deps(), v1, get("/pyodide/aaa/pyodide.asm.wasm")))).toBe("wasm");
    expect(net.fetched).toEqual([]);
    expect(route(deps(), v1, new Request(`${ORIGIN}/api/scenarios`, { method: "POST", body: "{}" }))).toBeNull();
    expect(route(deps(), v1, new Request("https://elsewhere.test/x.js"))).toBeNull();
  });

  it("a live class is never answered here: its state is live and its event stream never ends", async () => {
    await install(deps(), v1);
    expect(route(deps(), v1, get("/api/classes/ABCDEF/events"))).toBeNull();
    expect(route(deps(), v1, get("/api/classes/ABCDEF"))).toBeNull();
  });

  it("a new build replaces the old one's files only when it activates, never the API answers", async () => {
    await install(deps(), v1);
    net.files.set("/index.html", "<html>v2 app-2.js</html>");
    net.files.set("/assets/app-2.js", "app two");
    await install(deps(), v2);
    // A returning visitor's worker keeps the whole new build, though no page has loaded it yet.
    expect(await (await caches.open(appCache(v2))).match("/assets/app-2.js")).toBeDefined();
    // Until v2 activates (no v1 page open any more), v1's files stay for the pages still using them.
    expect((await caches.keys()).sort()).toEqual(["memolab-api", "memolab-app-v1", "memolab-app-v2"]);
    net.online = false;
    expect(await text(route(deps(), v1, get("/assets/app-1.js")))).toBe("app one");
    await activate(deps(), v2);
    expect((await caches.keys()).sort()).toEqual(["memolab-api", "memolab-app-v2"]);
    // Offline, the next visit is the new build throughout: its page and its script.
    expect(await text(route(deps(), v2, get("/", "navigate")))).toBe("<html>v2 app-2.js</html>");
    expect(await text(route(deps(), v2, get("/assets/app-2.js")))).toBe("app two");
  });
});
