// The page's modules import one another without a cycle, type-only imports included (a cycle
// makes the order modules load in matter, and says two files hold one concept between them).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "./fixtures/python";

const SRC = `${ROOT}frontend/src`;
const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.endsWith(".gen.ts"))
  .map((f) => join(SRC, f));

/** The page's own modules a file imports (or re-exports from), by path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?from\s*["'](\.[^"']+)["']/gm)].map((m) => m[1]);
  return specs.flatMap((s) => {
    const base = resolve(dirname(file), s).replace(/\.(tsx?|js)$/, "");
    return [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).filter((p) => files.includes(p)).slice(0, 1);
  });
}

/** Every cycle, each once, as the paths around it. */
function cycles(): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const found = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const walk = (f: string, path: string[]) => {
    state.set(f, "open");
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === "open") {
        const loop = path.slice(path.indexOf(g)).map((p) => relative(SRC, p));
        found.set([...loop].sort().join(" "), [...loop, relative(SRC, g)]);
      } else if (!state.has(g)) walk(g, [...path, g]);
    }
    state.set(f, "done");
  };
  for (const f of files) if (!state.has(f)) walk(f, [f]);
  return [...found.values()];
}

it("frontend/src has no import cycle", () => {
  expect(files.length).toBeGreaterThan(50);
  expect(cycles().map((c) => c.join(" -> "))).toEqual([]);
});

/** Each folder of frontend/src and the folders its modules import (the root's files, the app's
 * entry and its shared helpers, are no folder: everything may use them). */
function folderEdges(): Map<string, Set<string>> {
  const folder = (f: string) => (relative(SRC, f).includes("/") ? relative(SRC, f).split("/")[0] : null);
  const out = new Map<string, Set<string>>();
  for (const f of files) {
    const a = folder(f);
    for (const g of importsOf(f)) {
      const b = folder(g);
      if (a && b && a !== b) out.set(a, (out.get(a) ?? new Set()).add(b));
    }
  }
  return out;
}

it("the folders of frontend/src import one another one way (the workbench is the explorer's, never the reverse)", () => {
  const edges = folderEdges();
  const both = [...edges].flatMap(([a, bs]) => [...bs].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`));
  expect(edges.get("explorer")?.has("workbench")).toBe(true); // (the check sees the folders' imports)
  expect(both).toEqual([]);
});
