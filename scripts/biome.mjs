// Run Biome (the TypeScript linter) from its platform package. The registry these machines use
// serves Biome's Linux binaries only, so the project depends on those directly (optional
// dependencies: npm installs the one for this CPU) instead of the @biomejs/biome wrapper, whose
// lock entries for other platforms could not be resolved here.
// Usage: node scripts/biome.mjs lint [options]
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = `${root}node_modules/@biomejs/cli-${process.platform}-${process.arch}/biome`;
if (!existsSync(bin)) {
  console.error(`Biome has no binary installed for ${process.platform}-${process.arch} (expected ${bin})`);
  process.exit(2);
}
const run = spawnSync(bin, process.argv.slice(2), { stdio: "inherit", cwd: root });
process.exit(run.status ?? 1);
