// The model's source is read from the very archive the browser's Python unpacks: every file the
// editor offers (the list generated from perfmodels/editing/edits.py, checked fresh here).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../fixtures/python";
import { MODEL_FILES } from "../../src/workbench/modelFiles.gen";
import { modelFiles, modulePath, storedFile } from "../../src/workbench/modelSource";

describe("the model's source from the models archive", () => {
  it("is each file of each system's model as it is in the package, its module first", () => {
    const zip = readFileSync(`${ROOT}public/py/perfmodels.zip`);
    const buffer = zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength);
    expect(Object.keys(MODEL_FILES)).toHaveLength(7);
    for (const system of Object.keys(MODEL_FILES)) {
      expect(modelFiles(system)[0]).toBe(modulePath(system));
      for (const path of modelFiles(system)) expect(storedFile(buffer, path), path).toBe(readFileSync(`${ROOT}models/${path}`, "utf8"));
    }
    expect(modelFiles("lavc")).toContain("perfmodels/mva.py");
    expect(storedFile(buffer, modulePath("no-such-system"))).toBeNull();
  });

  it("lists the files perfmodels/editing/edits.py offers now (npm run api-types)", () => {
    const fresh = join(mkdtempSync(join(tmpdir(), "memolab-files-")), "modelFiles.gen.ts");
    execFileSync(`${ROOT}.venv/bin/python`, [`${ROOT}scripts/model_files.py`, fresh]);
    expect(readFileSync(`${ROOT}frontend/src/workbench/modelFiles.gen.ts`, "utf8")).toBe(readFileSync(fresh, "utf8"));
  });
});
