// Play the chart's marks as sound (./sonify.ts): the model's curve as tones, with each mark's
// clicks and chimes (the memo's measurements, the saturation point); a button that plays and
// stops, a speed, and Escape to stop. Says what the pitches mean before it plays, for whoever
// cannot see the chart.
import { useEffect, useRef, useState } from "react";
import { formatValue } from "../format";
import { mainLine, type Mark } from "./marks/mark";
import { type AudioLike, planSound, playSound } from "./sonify";

const SPEEDS = { slow: 0.25, normal: 0.12, fast: 0.06 } as const;
type Speed = keyof typeof SPEEDS;

export interface SoundControlsProps {
  marks: Mark[];
  yUnit: string;
  /** makes the audio context (a test passes a stand-in) */
  makeAudio?: () => AudioLike;
}

const browserAudio = (): AudioLike => new AudioContext() as unknown as AudioLike;

export function SoundControls({ marks, yUnit, makeAudio = browserAudio }: SoundControlsProps) {
  const [speed, setSpeed] = useState<Speed>("normal");
  const [playing, setPlaying] = useState(false);
  const [said, setSaid] = useState("");
  const stopRef = useRef<(() => void) | null>(null);
  const stop = () => stopRef.current?.();

  useEffect(() => {
    if (!playing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") stopRef.current?.();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [playing]);
  useEffect(() => () => stopRef.current?.(), []); // leaving the page stops the sound

  const play = () => {
    if (playing) return stop();
    const curve = mainLine(marks)?.points ?? [];
    const ys = curve.map((p) => p.y).filter(Number.isFinite);
    if (!ys.length) return;
    let ctx: AudioLike;
    try {
      ctx = makeAudio();
    } catch {
      setSaid("This browser cannot play sound.");
      return;
    }
    const clicks = marks.flatMap((m) => m.sound?.clicks ?? []);
    const chime = marks.flatMap((m) => m.sound?.chimes ?? [])[0] ?? null;
    const plan = planSound(curve, clicks, chime, SPEEDS[speed]);
    setSaid(
      `Playing ${plan.tones.length} tones, left to right: the lowest pitch is ${formatValue(Math.min(...ys), yUnit)}, the highest ${formatValue(Math.max(...ys), yUnit)}` +
        `${plan.clicks.length ? "; a click at each memo measurement" : ""}${plan.chimes.length ? "; a chime where the curve reaches its capacity" : ""}. Escape stops.`,
    );
    setPlaying(true);
    stopRef.current = playSound(ctx, plan, () => {
      stopRef.current = null;
      setPlaying(false);
    });
  };

  return (
    <div className="sound-controls">
      <button type="button" data-testid="sonify" aria-pressed={playing} onClick={play}>
        {playing ? "Stop the sound" : "Play the curve as sound"}
      </button>
      <label>
        {"Speed "}
        <select value={speed} onChange={(e) => setSpeed(e.target.value as Speed)}>
          <option value="slow">slow</option>
          <option value="normal">normal</option>
          <option value="fast">fast</option>
        </select>
      </label>
      <p className="visually-hidden" aria-live="polite">{said}</p>
    </div>
  );
}
