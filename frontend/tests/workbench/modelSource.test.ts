// The model's source is read from the very archive the browser's Python unpacks.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../fixtures/python";
import { modulePath, storedFile } from "../../src/workbench/modelSource";

describe("the model's source from the models archive", () => {
  it("is each system module's file as it is in the package", () => {
    const zip = readFileSync(`${ROOT}public/py/perfmodels.zip`);
    const buffer = zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength);
    for (const system of ["afs", "rsx-qio", "lavc"]) {
      expect(storedFile(buffer, modulePath(system))).toBe(readFileSync(`${ROOT}models/${modulePath(system)}`, "utf8"));
    }
    expect(storedFile(buffer, modulePath("no-such-system"))).toBeNull();
  });
});
