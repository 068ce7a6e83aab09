// Routes: / (home), /explore/{system}, /atlas (every system on one chart), /data, /data/{source}, /models and /models/{system},
// /s/{slug}, /my, /learn/... and /l/{slug} (lessons, a teacher's stored lesson), /c/{code} (a live
// class's student seat): each page a chunk of its own (pages.ts). One model client per page.
import { Suspense } from "react";
import { PAGES, type PageName, preload } from "./pages";
import { createBrowserClient, ModelClient } from "./runtime/ModelClient";
import { PageError } from "./PageError";

// Created on first use, so pages without a chart never start the Python runtime.
let client: ModelClient | null = null;
const modelClient = () => (client ??= createBrowserClient());
// A student's phone in a class never starts Python: a class step's curves are the same for every
// student, so the server's cached answers draw them (a few KB, not the runtime's megabytes). The
// explorer, opened from a step, is a page of its own and starts the runtime as usual.
let light: ModelClient | null = null;
const serverClient = () => (light ??= new ModelClient(null));

/** Whether this page is a student's seat in a live class (/c/{code}): a light page. */
export const isClassSeat = (path: string) => /^\/c\//.test(path);

/** Pages that compute start the runtime before React's first render, and every page its code's
 * chunk: every millisecond counts. */
export function startRuntimeEarly(path: string): void {
  const page = pageOf(path);
  if (page) preload(page.name);
  if (/^\/(explore|learn|s|l)\//.test(path)) modelClient();
}

/** Resolves once the page's Python runtime has started or failed (at once if the page has none),
 * so that keeping the app for offline use never competes with the runtime's own download. */
export function runtimeSettled(): Promise<void> {
  const c = client;
  if (!c) return Promise.resolve();
  return new Promise((resolve) => {
    const off = c.subscribe((s) => {
      if (s.phase !== "ready" && s.phase !== "failed") return;
      queueMicrotask(() => off());
      resolve();
    });
  });
}

interface Route {
  name: PageName;
  props: Record<string, unknown>;
}

/** The page a path shows, with its props (a model client made on first use), or null. */
function pageOf(path: string): Route | null {
  const m = /^\/explore\/([^/]+)\/?$/.exec(path);
  if (m) return { name: "explorer", props: { system: decodeURIComponent(m[1]), client: modelClient } };
  if (path === "/atlas" || path === "/atlas/") return { name: "atlas", props: { client: modelClient } };
  const d = /^\/data\/([^/]+)\/?$/.exec(path);
  if (d) return { name: "source", props: { sourceId: decodeURIComponent(d[1]) } };
  if (path === "/data" || path === "/data/") return { name: "data", props: {} };
  const c = /^\/models\/([^/]+)\/?$/.exec(path);
  if (c) return { name: "card", props: { system: decodeURIComponent(c[1]) } };
  if (path === "/models" || path === "/models/") return { name: "cards", props: {} };
  const sc = /^\/s\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (sc) return { name: "scenario", props: { slug: sc[1] } };
  if (path === "/my" || path === "/my/") return { name: "mine", props: {} };
  if (isClassSeat(path)) return { name: "seat", props: { path, client: serverClient } };
  if (path === "/learn" || path.startsWith("/learn/") || /^\/l\//.test(path)) return { name: "lessons", props: { path, client: modelClient } };
  if (path === "/" || path === "/index.html") return { name: "home", props: {} };
  return null;
}

// the explorer and the atlas are handed the client itself (made once, here), the lesson pages
// and the seat a function that makes it when a step needs it
const HANDED = new Set<PageName>(["explorer", "atlas"]);

export function App() {
  const page = pageOf(window.location.pathname);
  if (!page) {
    return (
      <PageError title="Page not found" back={{ href: "/", label: "Go to Memo Lab" }}>There is nothing at this address.</PageError>
    );
  }
  const Page = PAGES[page.name];
  const props = HANDED.has(page.name) ? { ...page.props, client: (page.props.client as () => ModelClient)() } : page.props;
  return (
    <Suspense fallback={<p className="loading" aria-busy="true">Loading the page…</p>}>
      <Page {...props} />
    </Suspense>
  );
}
