// The build's long-lived Python cannot hang a check: a question with no answer fails in time.
import { describe, expect, it } from "vitest";
import { PythonProcess } from "../../build/modelsPackage.ts";

const python = `${process.env.MEMOLAB_ROOT}.venv/bin/python`;

describe("PythonProcess", () => {
  it("answers in order", async () => {
    const py = new PythonProcess(python);
    await expect(py.run("print(1 + 1)")).resolves.toBe(2);
    await expect(py.run("print('[3]')")).resolves.toEqual([3]);
    py.close();
  });

  it("fails a question that gets no answer within its limit, and ends the process", async () => {
    const py = new PythonProcess(python);
    const t0 = Date.now();
    await expect(py.run("import time; time.sleep(600)", 1_000)).rejects.toThrow("no answer within 1000 ms");
    expect(Date.now() - t0).toBeLessThan(10_000);
    await expect(py.run("print(1)")).rejects.toThrow(/python exited|no answer/);
  });
});
