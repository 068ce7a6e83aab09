// The curve as sound (Web Audio, nothing downloaded): left to right, one tone per point whose
// pitch follows the value (higher value, higher pitch, on a musical scale); a short click at
// each of the memo's measurements; a distinct two-note chime where the curve reaches its
// capacity. planSound is pure (tested); playSound schedules the plan on an AudioContext.

export interface SoundPlan {
  /** seconds from the start, frequency in Hz, length in seconds */
  tones: { at: number; freq: number; dur: number }[];
  clicks: { at: number }[];
  chimes: { at: number }[];
  length: number;
}

export const LOW_HZ = 220;
export const HIGH_HZ = 880;

/** `perPoint`: seconds per curve point (the speed). */
export function planSound(
  curve: { x: number; y: number }[],
  memoXs: number[],
  capacityX: number | null,
  perPoint = 0.12,
): SoundPlan {
  const pts = curve.filter((p) => Number.isFinite(p.y));
  const ys = pts.map((p) => p.y);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  // pitch on a log scale (two octaves), so equal ratios of value sound as equal steps
  const freq = (y: number) => (hi > lo ? LOW_HZ * (HIGH_HZ / LOW_HZ) ** ((y - lo) / (hi - lo)) : (LOW_HZ + HIGH_HZ) / 2);
  const tones = pts.map((p, i) => ({ at: i * perPoint, freq: freq(p.y), dur: perPoint * 0.9 }));
  // a position along x in seconds: between the two points around it
  const when = (x: number) => {
    for (let i = 1; i < pts.length; i++) {
      if (pts[i - 1].x <= x && x <= pts[i].x) return (i - 1 + (x - pts[i - 1].x) / (pts[i].x - pts[i - 1].x || 1)) * perPoint;
    }
    return null;
  };
  const at = (xs: number[]) => xs.map(when).filter((t): t is number => t !== null).map((t) => ({ at: t }));
  return { tones, clicks: at(memoXs), chimes: capacityX === null ? [] : at([capacityX]), length: pts.length * perPoint };
}

/** The parts of the Web Audio API the player uses (a test stands in for it). */
export interface AudioLike {
  currentTime: number;
  destination: unknown;
  createOscillator(): {
    type: string;
    frequency: { value: number };
    connect(n: unknown): unknown;
    start(t: number): void;
    stop(t: number): void;
  };
  createGain(): { gain: { value: number; setValueAtTime(v: number, t: number): unknown; linearRampToValueAtTime(v: number, t: number): unknown }; connect(n: unknown): unknown };
  close(): Promise<void>;
}

/** Schedule the plan; returns a stop function (also called when the plan has played out). */
export function playSound(ctx: AudioLike, plan: SoundPlan, onEnd: () => void): () => void {
  const t0 = ctx.currentTime + 0.05;
  const voices: { stop(t: number): void }[] = [];
  const note = (type: string, freq: number, at: number, dur: number, level: number) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    // a short fade in and out: no clicks between notes
    gain.gain.setValueAtTime(0, t0 + at);
    gain.gain.linearRampToValueAtTime(level, t0 + at + Math.min(0.01, dur / 4));
    gain.gain.linearRampToValueAtTime(0, t0 + at + dur);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + dur);
    voices.push(osc);
  };
  for (const t of plan.tones) note("sine", t.freq, t.at, t.dur, 0.2);
  for (const c of plan.clicks) note("square", 2400, c.at, 0.03, 0.08);
  for (const c of plan.chimes) {
    note("triangle", 1318.5, c.at, 0.25, 0.15);
    note("triangle", 1975.5, c.at + 0.08, 0.25, 0.12);
  }
  let done = false;
  const timer = setTimeout(() => stop(), (plan.length + 0.4) * 1000);
  function stop() {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const v of voices) {
      try {
        v.stop(0);
      } catch {
        // already stopped
      }
    }
    void ctx.close().catch(() => undefined);
    onEnd();
  }
  return stop;
}
