// The files a first visit keeps for offline use whatever its page (frontend/build/delivery.ts):
// the entry's and the offline pages' chunks, with every chunk and style sheet they import, and
// nothing the other pages alone use.
import type { OutputBundle } from "rolldown";
import { describe, expect, it } from "vitest";
import { essentialFiles } from "../../build/delivery";

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], extra: object = {}) =>
  [fileName, { type: "chunk", fileName, name: fileName.split("-")[0].replace("", ""), isEntry: false, moduleIds, imports, ...extra }];

describe("essentialFiles", () => {
  it("follows the entry's and the offline pages' static imports, and their style sheets", () => {
    const bundle = Object.fromEntries([
      chunk("index-1.js", ["/r/frontend/src/main.tsx"], ["common-1.js"], { isEntry: true, name: "index", viteMetadata: { importedCss: new Set(["index-1.css"]) } }),
      chunk("common-1.js", ["/r/frontend/src/format.ts"]),
      chunk("Explorer-1.js", ["/r/frontend/src/explorer/Explorer.tsx"], ["d3-1.js", "common-1.js"]),
      chunk("d3-1.js", ["/r/node_modules/d3-scale/x.js"]),
      chunk("ScenarioPages-1.js", ["/r/frontend/src/scenarios/ScenarioPages.tsx"]),
      chunk("Workbench-1.js", ["/r/frontend/src/workbench/Workbench.tsx"], ["editor-1.js"]),
      chunk("editor-1.js", ["/r/node_modules/@codemirror/view/x.js"]),
      ["index-1.css", { type: "asset", fileName: "index-1.css" }],
    ]) as unknown as OutputBundle;
    expect(essentialFiles(bundle)).toEqual([
      "/Explorer-1.js", "/ScenarioPages-1.js", "/common-1.js", "/d3-1.js", "/index-1.css", "/index-1.js",
    ]);
  });
});
