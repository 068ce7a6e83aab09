// The model card's two sections on what the memo never measured: the model judged on outside
// measurements (python -m validation), and where each figure of the hardware it names comes from.
import type { ModelCardData } from "../api/types";
import { studyName } from "../chart/outsidePoints";
import { counted, formatValue } from "../format";

const METRIC_WORDS: Record<string, string> = { throughput_kBps: "throughput", cpu_percent: "% CPU", all: "each row its own quantity" };

export function Judged({ card }: { card: ModelCardData }) {
  return (
    <section aria-labelledby="judged">
      <h2 id="judged">Judged on measurements it never saw</h2>
      {card.validation.length === 0 ? (
        <p data-testid="no-validation">{"No outside measurement of this system has been found yet: its answers away from the memo's settings are untested."}</p>
      ) : (
        <>
          <p>{"Other studies measured machines the memo did not (or, where the source says so below, the same mechanism in another system). Their figures never set a parameter; each is compared with the model at the same setting, and with a naive rival that copies the memo's nearest figure. The errors are in percent of the measured figure; the project's validation notes give every row and the method."}</p>
          <div className="table-scroll">
            <table className="plain" data-testid="validation-summary">
              <thead><tr><th scope="col">source</th><th scope="col">quantity</th><th scope="col">rows</th><th scope="col">model: median (largest)</th><th scope="col">copying the memo: median (largest)</th></tr></thead>
              <tbody>{card.validation.map((v) => (
                <tr key={`${v.source} ${v.metric}`}>
                  <td>{v.citation}</td>
                  <td>{METRIC_WORDS[v.metric] ?? v.metric}</td>
                  <td className="num">{v.rows}</td>
                  <td className="num">{`${v.model_median_abs}% (${v.model_max_abs}%)`}</td>
                  <td className="num">{v.baseline_median_abs == null ? "the memo has no such figure" : `${v.baseline_median_abs}% (${v.baseline_max_abs}%)${v.baseline_rows < v.rows ? `, ${v.baseline_rows} rows` : ""}`}</td>
                </tr>
              ))}</tbody>
            </table>
          </div>
          <ul className="verdicts" data-testid="validation-verdicts">
            {card.validation.map((v) => <li key={`${v.source} ${v.metric}`}>{verdict(v)}</li>)}
          </ul>
          <h3>{"What each source does not say, or measured differently"}</h3>
          <ul data-testid="validation-caveats">
            {[...new Map(card.validation.map((v) => [v.source, v])).values()].map((v) => (
              <li key={v.source}>{`${studyName(v.citation)}: ${v.caveat}.`}</li>
            ))}
          </ul>
        </>
      )}
      {card.hardware.length > 0 && <Hardware parts={card.hardware} />}
    </section>
  );
}

/** The project aims at most this median error on rows a model never saw (docs/validation.md). */
export const TARGET_MEDIAN = 15;

/** One line of the table in a sentence: the model against the rival and the target, as measured. */
export function verdict(v: ModelCardData["validation"][number]): string {
  const what = `On ${METRIC_WORDS[v.metric] ?? v.metric} from this source the model's median error is ${v.model_median_abs} % (${v.rows} ${v.rows === 1 ? "row" : "rows"})`;
  const target = v.model_median_abs <= TARGET_MEDIAN ? `within the ${TARGET_MEDIAN} % the project aims for` : `above the ${TARGET_MEDIAN} % the project aims for`;
  if (v.baseline_median_abs == null) return `${what}, ${target}; the memo has no such figure to copy.`;
  const rows = v.baseline_rows < v.rows ? `, on the ${v.baseline_rows} rows where the memo has a figure` : "";
  const side = v.model_median_abs < v.baseline_median_abs ? "better than" : "no better than";
  return `${what}: ${side} copying the memo's nearest figure (${v.baseline_median_abs} %${rows}), and ${target}.`;
}

const VALUE_WORDS: Record<string, string> = { calibrated: "calibrated on the memo", cpu: "the processor's", typical: "not printed: the era's typical" };

function Hardware({ parts }: { parts: ModelCardData["hardware"] }) {
  return (
    <details data-testid="hardware-sources">
      <summary>{`Where the hardware's figures come from (${counted(parts.length, "part")})`}</summary>
      <div className="table-scroll">
        <table className="plain">
          <thead><tr><th scope="col">part</th><th scope="col">figure</th><th scope="col">value</th><th scope="col">source</th></tr></thead>
          <tbody>{parts.flatMap((p) => p.figures.map((f, i) => (
            <tr key={`${p.knob} ${p.name} ${f.figure}`}>
              <td>{i === 0 ? p.label : ""}</td>
              <td>{f.figure.replace(/_/g, " ")}</td>
              <td className="num">{typeof f.value === "number" ? formatValue(f.value) : VALUE_WORDS[f.value] ?? f.value}</td>
              <td>{f.source}</td>
            </tr>
          )))}</tbody>
        </table>
      </div>
    </details>
  );
}
