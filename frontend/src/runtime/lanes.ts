// Background requests (nothing waits on them) run one at a time per lane; a newer one replaces
// a queued older one, so a dragged slider never queues stale work in the worker.

/** The error a replaced request is rejected with: its caller has moved on. */
export class Superseded extends Error {
  constructor() {
    super("superseded");
  }
}

interface Lane {
  busy: boolean;
  queued: { start: () => void; drop: () => void } | null;
}

export class Lanes {
  private lanes = new Map<string, Lane>();

  /** Run `task` in `lane` once the lane is free; rejects with Superseded if a newer task for
   * the same lane arrives before this one started. */
  run<T>(lane: string, task: () => Promise<T>): Promise<T> {
    let l = this.lanes.get(lane);
    if (!l) {
      l = { busy: false, queued: null };
      this.lanes.set(lane, l);
    }
    const slot = l;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        slot.busy = true;
        let running: Promise<T>;
        try {
          running = task();
        } catch (e) {
          running = Promise.reject(e);
        }
        running.then(resolve, reject).finally(() => {
          slot.busy = false;
          const next = slot.queued;
          slot.queued = null;
          next?.start();
        });
      };
      if (!slot.busy) return start();
      slot.queued?.drop();
      slot.queued = { start, drop: () => reject(new Superseded()) };
    });
  }

}
