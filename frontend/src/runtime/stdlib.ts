// The worker's side of the trimmed standard library (scripts/make_stdlib.mjs): the guard packed
// into it stops any import of a module it lacks (scripts/stdlib_guard.py); the Python work is
// then run again after the full library has been fetched and put on Python's path, once.

/** What the guard needs of Pyodide (kernel.ts's PyodideLike has it; named here, not imported
 * from there, as the kernel imports this file). */
interface PyodideRunner {
  runPython(code: string): unknown;
  FS: { writeFile(path: string, data: Uint8Array): void };
}

const FULL_ZIP = "/tmp/python_stdlib_full.zip";

export interface TrimmedStdlib {
  /** Guard imports (at boot; kept in a memory snapshot, so installing again changes nothing). */
  install(py: PyodideRunner): void;
  /** Run Python work; if it stopped on a missing module, widen to the full library and rerun it. */
  run<T>(py: PyodideRunner, work: () => T): Promise<T>;
  /** Whether the full library was needed (a memory snapshot would not hold it: none is made). */
  readonly widened: boolean;
}

export function trimmedStdlib(fetchFull: () => Promise<ArrayBuffer>, log: (message: string) => void): TrimmedStdlib {
  let widening: Promise<void> | null = null;
  let widened = false;
  const widen = async (py: PyodideRunner, missing: string) => {
    log(`Memo Lab: the trimmed Python standard library has no ${missing}; loading the full library`);
    py.FS.writeFile(FULL_ZIP, new Uint8Array(await fetchFull()));
    py.runPython(`import _memolab_stdlib\n_memolab_stdlib.widen(${JSON.stringify(FULL_ZIP)})`);
    widened = true;
  };
  return {
    install: (py) => void py.runPython("import _memolab_stdlib\n_memolab_stdlib.install()"),
    async run(py, work) {
      try {
        return work();
      } catch (e) {
        const missing = /StdlibTrimmed: (\S+)/.exec(e instanceof Error ? e.message : "")?.[1];
        if (!missing || widened) throw e;
        widening ??= widen(py, missing).catch((err) => {
          widening = null; // a failed download may be tried again by the next call
          throw err;
        });
        await widening;
        return work();
      }
    },
    get widened() {
      return widened;
    },
  };
}
