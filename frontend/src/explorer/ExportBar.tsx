// Export the current series and chart, or copy the link to exactly this view.
import { memo, useState } from "react";
import { flushUrl } from "../state/urlWriter";
import type { SweepResult } from "../api/types";
import { download, pngBlob, seriesCsv, svgText } from "./exporting";

export const ExportBar = memo(function ExportBar({ system, sweep, chartRef }: { system: string; sweep: SweepResult | null; chartRef: React.RefObject<HTMLDivElement | null> }) {
  const [message, setMessage] = useState("");
  const svg = () => chartRef.current?.querySelector("svg[data-testid=chart]") as SVGSVGElement | null;
  const name = `${system}-${sweep?.x_knob ?? "chart"}`;
  const run = async (what: string, f: () => Promise<void> | void) => {
    try {
      await f();
      setMessage(what);
    } catch (e) {
      setMessage(`Could not ${what.toLowerCase()}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <fieldset className="export-bar">
      <legend className="visually-hidden">Export</legend>
      <button type="button" disabled={!sweep} onClick={() => run("CSV downloaded", () => download(`${name}.csv`, new Blob([seriesCsv(sweep!)], { type: "text/csv" })))}>
        CSV
      </button>
      <button type="button" onClick={() => run("SVG downloaded", () => { const s = svg(); if (!s) throw new Error("no chart yet"); download(`${name}.svg`, new Blob([svgText(s)], { type: "image/svg+xml" })); })}>
        SVG
      </button>
      <button type="button" onClick={() => run("PNG downloaded", async () => { const s = svg(); if (!s) throw new Error("no chart yet"); download(`${name}.png`, await pngBlob(s)); })}>
        PNG
      </button>
      <button type="button" onClick={() => run("Link copied", async () => {
        if (!navigator.clipboard) throw new Error("the browser offers no clipboard here; copy the address bar");
        flushUrl(); // the newest state, even if its address is still waiting to be written
        await navigator.clipboard.writeText(window.location.href);
      })}>
        Copy link
      </button>
      <span className="export-message" role="status">{message}</span>
    </fieldset>
  );
});
