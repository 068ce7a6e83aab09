// The models package (CPython, the project's venv) as the lesson checker's ModelAccess, for the
// build's lesson check and the lesson tests. One Python process answers every question of a
// check in turn: a process a question cost 0.1 s of start-up each, and a check asks about 150.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import type { SystemSpec } from "../src/api/types.ts";
import type { ModelAccess } from "../src/lesson/checkLesson.ts";
import { lessonAsk } from "../src/lesson/lands.ts";

// Each line in is a JSON string of code to run; each line out is {"out": what it printed} or
// {"error": the exception}, in the order asked.
const LOOP = `
import contextlib, io, json, sys
for line in sys.stdin:
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(json.loads(line), {})
        reply = {"out": out.getvalue()}
    except BaseException as e:
        reply = {"error": f"{type(e).__name__}: {e}"}
    sys.__stdout__.write(json.dumps(reply) + "\\n")
    sys.__stdout__.flush()
`;

/** One long-lived Python: `run(code)` is what `code` printed, parsed as JSON. */
export class PythonProcess {
  private child: ChildProcessWithoutNullStreams;
  private waiting: { resolve: (v: unknown) => void; reject: (e: Error) => void }[] = [];

  constructor(python: string, cwd?: string) {
    this.child = spawn(python, ["-c", LOOP], { cwd });
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const reply = JSON.parse(line) as { out?: string; error?: string };
      const w = this.waiting.shift();
      if (reply.error !== undefined) w?.reject(new Error(reply.error));
      else w?.resolve(JSON.parse(reply.out ?? "null"));
    });
    let stderr = "";
    this.child.stderr.on("data", (d) => (stderr += d));
    // a write to a process that has ended fails its question through "exit", not as an error here
    this.child.stdin.on("error", () => {});
    this.child.on("exit", (code) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`python exited (${code}): ${stderr}`));
    });
  }

  /** Rejects, and ends the process, if no answer comes within `limitMs` (a stuck Python must
   * fail the build or the test, never hang it). */
  run<T>(code: string, limitMs = 60_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        reject(new Error(`python exited (${this.child.exitCode ?? this.child.signalCode})`));
        return;
      }
      const timer = setTimeout(() => {
        this.child.kill("SIGKILL");
        reject(new Error(`python gave no answer within ${limitMs} ms`));
      }, limitMs);
      this.waiting.push({
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.child.stdin.write(`${JSON.stringify(code)}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}

const asJson = (v: unknown) => JSON.stringify(JSON.stringify(v));

/** Python that prints the simulations of `asks` (a JSON string literal of lands.ts lessonAsk's
 * calls), each as the `simulate` operation answers it. */
export const simulateCode = (asks: string) =>
  `import json; from perfmodels.simulation import simulate; print(json.dumps([simulate(a['system'], a['knobs'], None, a['service'], a['cv'], a['seed'], a['target'], a['max_events'], a['time_limit_s']) for a in json.loads(${asks})]))`;

/** Every system's description and the checker's questions, answered by `python` (a venv's
 * interpreter with perfmodels installed); undefined when that interpreter is not there. */
export function modelsPackage(python: string, cwd?: string): { specs: Record<string, SystemSpec>; models: ModelAccess; close: () => void } | undefined {
  if (!existsSync(python)) return undefined;
  const specs = JSON.parse(
    execFileSync(python, ["-c", "import json, perfmodels; print(json.dumps({s: perfmodels.describe(s) for s in perfmodels.systems()}))"], { cwd, encoding: "utf8", maxBuffer: 64 << 20, timeout: 120_000 }),
  ) as Record<string, SystemSpec>;
  const py = new PythonProcess(python, cwd);
  return {
    specs,
    models: {
      evaluateMany: (asks) => py.run(`import json, perfmodels; print(json.dumps([perfmodels.evaluate(s, k)['metrics'] for s, k in json.loads(${asJson(asks)})]))`),
      sweepMany: (asks) => py.run(`import json, perfmodels; print(json.dumps([perfmodels.sweep(s, k, x) for s, k, x in json.loads(${asJson(asks)})]))`),
      sensitivityMany: (asks) => py.run(`import json, perfmodels; print(json.dumps([perfmodels.sensitivity(s, k, m) for s, k, m in json.loads(${asJson(asks)})]))`),
      bottleneckMany: (asks) => py.run(`import json, perfmodels; print(json.dumps([perfmodels.evaluate(s, k)['bottleneck'] for s, k in json.loads(${asJson(asks)})]))`),
      simulateMany: (asks) => py.run(simulateCode(asJson(asks.map(([s, k, service]) => lessonAsk(s, k, service))))),
      dataset: (id) => py.run(`import json; from perfmodels import datasets; print(json.dumps(datasets.load(${JSON.stringify(id)})))`),
    },
    close: () => py.close(),
  };
}
