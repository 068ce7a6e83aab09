// No copied block over 8 lines: a gate of `npm test` and `npm run test:quick`. Runs jscpd (pinned
// in package.json) with the committed `.jscpd.json` (blocks of 9 lines or more and 50 tokens or
// more, in the TypeScript, JavaScript and Python; generated files and migrations left out), lists
// each copy with both places and exits 1 if there is any: extract what they share into a helper.
// Usage: node scripts/copies.mjs [folder ...] (the config's folders when none is named)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "memolab-jscpd-"));
try {
  const args = ["--config", ".jscpd.json", "--reporters", "json", "--output", out, "--silent", ...process.argv.slice(2)];
  const run = spawnSync(`${root}node_modules/.bin/jscpd`, args, { cwd: root, encoding: "utf8" });
  if (run.error || ![0, 1].includes(run.status ?? -1)) {
    console.error(run.error?.message ?? `${run.stdout}${run.stderr}`);
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(join(out, "jscpd-report.json"), "utf8"));
  const at = (f) => `${f.name}:${f.start}-${f.end}`;
  for (const d of report.duplicates) {
    console.log(`copied block (${d.lines} lines, ${d.format}): ${at(d.firstFile)} and ${at(d.secondFile)}`);
  }
  const total = report.statistics.total;
  console.log(`copies: ${total.sources} files checked, ${report.duplicates.length} copied blocks of 9 lines or more`);
  process.exit(report.duplicates.length > 0 ? 1 : 0);
} finally {
  rmSync(out, { recursive: true, force: true });
}
