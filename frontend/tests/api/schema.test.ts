// The committed API types are what the backend's schema generates now: a change to a response
// model (or to the models' result types) that is not regenerated fails here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../fixtures/python";

it("frontend/src/api/schema.gen.ts is up to date (npm run api-types)", () => {
  const fresh = join(mkdtempSync(join(tmpdir(), "memolab-schema-")), "schema.gen.ts");
  execFileSync("node", [`${ROOT}scripts/api_types.mjs`, fresh]);
  expect(readFileSync(`${ROOT}frontend/src/api/schema.gen.ts`, "utf8")).toBe(readFileSync(fresh, "utf8"));
}, 60_000);
