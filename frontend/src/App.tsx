// Routes: / (home), /explore/{system}, /atlas (every system on one chart), /data, /data/{source}, /models and /models/{system},
// /s/{slug}, /my, /learn/... (lessons, a chunk of their own) /l/{slug} (a teacher's
// stored lesson) and /c/{code} (a live class's student page), the last two in that chunk. One model client per page.
import { lazy, Suspense } from "react";
import { AtlasPage } from "./atlas/AtlasPage";
import { ModelCard, ModelIndex } from "./cards/ModelCard";
import { DataIndex, SourcePage } from "./data/DataPages";
import { Explorer } from "./explorer/Explorer";
import { Home } from "./home/Home";
import { MyScenarios, OpenScenario } from "./scenarios/ScenarioPages";
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

/** Pages that compute start the runtime before React's first render: every millisecond counts. */
export function startRuntimeEarly(path: string): void {
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

const LessonRoutes = lazy(() => import("./LessonRoutes"));

export function App() {
  const path = window.location.pathname;
  const m = /^\/explore\/([^/]+)\/?$/.exec(path);
  if (m) return <Explorer system={decodeURIComponent(m[1])} client={modelClient()} />;
  if (path === "/atlas" || path === "/atlas/") return <AtlasPage client={modelClient()} />;
  const d = /^\/data\/([^/]+)\/?$/.exec(path);
  if (d) return <SourcePage sourceId={decodeURIComponent(d[1])} />;
  if (path === "/data" || path === "/data/") return <DataIndex />;
  const c = /^\/models\/([^/]+)\/?$/.exec(path);
  if (c) return <ModelCard system={decodeURIComponent(c[1])} />;
  if (path === "/models" || path === "/models/") return <ModelIndex />;
  const sc = /^\/s\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (sc) return <OpenScenario slug={sc[1]} />;
  if (path === "/my" || path === "/my/") return <MyScenarios />;
  if (path === "/learn" || path.startsWith("/learn/") || /^\/[cl]\//.test(path)) {
    return (
      <Suspense fallback={<p className="loading" aria-busy="true">Loading the lessons…</p>}>
        <LessonRoutes path={path} client={isClassSeat(path) ? serverClient : modelClient} />
      </Suspense>
    );
  }
  if (path === "/" || path === "/index.html") return <Home />;
  return (
    <PageError title="Page not found" back={{ href: "/", label: "Go to Memo Lab" }}>There is nothing at this address.</PageError>
  );
}
