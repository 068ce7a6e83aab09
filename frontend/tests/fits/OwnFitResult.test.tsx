// @vitest-environment jsdom
// The fit explained: a fit the memo's pull held where the memo's parameters put every row says
// that it moved nothing, rather than presenting the memo's values as found from the rows.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { OwnFit } from "../../src/api/types";
import { OwnFitResult } from "../../src/fits/OwnFitResult";
import { describe_, python } from "../fixtures/python";

afterEach(cleanup);
const ffs = describe_("ffs");
const fittedTo = (text: string) => python<OwnFit>(`import json, perfmodels; print(json.dumps(perfmodels.fit("ffs", text=${JSON.stringify(text)}, left_out=False)))`);
const shown = (result: OwnFit) => render(<OwnFitResult spec={ffs} result={result} leftOut={null} onUseMemo={() => undefined} />);

describe("a fit's result", () => {
  it("held at the memo's values by the pull (three reads the model cannot tell apart): says the fit moved nothing", () => {
    const r = fittedTo("block_size (KB)\toperation\tThroughput (KB/s)\n4\tread\t380\n8\tread\t520\n16\tread\t610\n");
    expect(r.rows.every((row) => row.fitted === row.memo_model)).toBe(true);
    shown(r);
    expect(screen.getByTestId("fit-unmoved").textContent).toContain("The fit moved nothing");
  });
  it("moved by the rows: no such words", () => {
    const r = fittedTo("block_size (KB),operation,Throughput (KB/s)\n4,read,380\n8,read,520\n16,read,610\n4,write,250\n8,write,330\n16,write,400\n");
    expect(r.rows.some((row) => row.fitted !== row.memo_model)).toBe(true);
    shown(r);
    expect(screen.queryByTestId("fit-unmoved")).toBeNull();
  });
});
