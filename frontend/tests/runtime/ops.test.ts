// The committed operation types are what the models' table of operations generates now: an
// operation added or changed in perfmodels/ops.py (or its request) that is not regenerated fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../fixtures/python";

it("frontend/src/runtime/ops.gen.ts and shapes.gen.ts are up to date (npm run api-types)", () => {
  const fresh = join(mkdtempSync(join(tmpdir(), "memolab-ops-")), "ops.gen.ts");
  execFileSync(`${ROOT}.venv/bin/python`, [`${ROOT}scripts/ops_types.py`, fresh]);
  expect(readFileSync(`${ROOT}frontend/src/runtime/ops.gen.ts`, "utf8")).toBe(readFileSync(fresh, "utf8"));
  // and the answers' shapes beside it (scripts/ops_shapes.py), which the sandbox's answers are checked against
  expect(readFileSync(`${ROOT}frontend/src/runtime/shapes.gen.ts`, "utf8")).toBe(readFileSync(join(fresh, "..", "shapes.gen.ts"), "utf8"));
}, 60_000);
