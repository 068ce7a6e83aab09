// Export the chart and its series, each file standing alone, or copy the link to this view.
import { memo, useEffect, useRef, useState } from "react";
import type { Mark } from "../chart/marks/mark";
import { flushUrl } from "../state/urlWriter";
import { download, type ExportContext, fileName, pngBlob, seriesCsv, svgText } from "./exporting";

/** What an export holds: its context, the axes' names (its file name) and the chart's marks. */
export interface ExportInput {
  context: ExportContext;
  x: string;
  y: string;
  marks: Mark[];
}

/** How long "Link copied" and the like stay: read, then gone. */
export const DONE_SHOWN_MS = 4000;

/** `prepare` reads the newest view when a button is pressed (a stable function: the bar does
 * not re-render while knobs move). */
export const ExportBar = memo(function ExportBar({ prepare, chartRef }: { prepare: () => ExportInput | null; chartRef: React.RefObject<HTMLDivElement | null> }) {
  const [message, setMessage] = useState("");
  const clearing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(clearing.current), []);
  const svg = () => {
    const s = chartRef.current?.querySelector("svg[data-testid=chart]") as SVGSVGElement | null;
    if (!s) throw new Error("no chart yet");
    return s;
  };
  const input = () => {
    flushUrl(); // the newest state, even if its address is still waiting to be written
    const i = prepare();
    if (!i) throw new Error("the curve is not computed yet");
    return { ...i, name: fileName(i.context, i.x, i.y) };
  };
  const run = async (what: string, f: () => Promise<void> | void) => {
    try {
      await f();
      setMessage(what);
      // a done message goes after a while: left standing it says the link was copied long after
      // the view changed (an error stays until the next try)
      window.clearTimeout(clearing.current);
      clearing.current = window.setTimeout(() => setMessage((m) => (m === what ? "" : m)), DONE_SHOWN_MS);
    } catch (e) {
      setMessage(`Could not ${what.toLowerCase()}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <fieldset className="export-bar">
      <legend className="visually-hidden">Export</legend>
      <button type="button" onClick={() => run("CSV downloaded", () => {
        const i = input();
        download(`${i.name}.csv`, new Blob([seriesCsv(i.context, i.marks)], { type: "text/csv" }));
      })}>
        CSV
      </button>
      <button type="button" onClick={() => run("SVG downloaded", () => {
        const i = input();
        download(`${i.name}.svg`, new Blob([svgText(svg(), i.context, i.marks)], { type: "image/svg+xml" }));
      })}>
        SVG
      </button>
      <button type="button" onClick={() => run("PNG downloaded", async () => {
        const i = input();
        download(`${i.name}.png`, await pngBlob(svgText(svg(), i.context, i.marks)));
      })}>
        PNG
      </button>
      <button type="button" onClick={() => run("Link copied", async () => {
        if (!navigator.clipboard) throw new Error("the browser offers no clipboard here; copy the address bar");
        flushUrl();
        await navigator.clipboard.writeText(window.location.href);
      })}>
        Copy link
      </button>
      <span className="export-message" role="status">{message}</span>
    </fieldset>
  );
});
