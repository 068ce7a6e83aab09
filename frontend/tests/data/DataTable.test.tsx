// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DataTable } from "../../src/data/DataTable";
import { dataset } from "../fixtures/python";

const ffs = dataset("ffs-throughput");
afterEach(cleanup);

const column = (table: HTMLElement, title: string) => {
  const headers = within(table).getAllByRole("columnheader");
  const i = headers.findIndex((h) => h.textContent?.startsWith(title));
  return within(table).getAllByRole("row").slice(1).map((r) => r.querySelectorAll("td")[i].textContent);
};

describe("DataTable", () => {
  it("shows every row with units in the headers and derived columns marked", () => {
    render(<DataTable dataset={ffs} />);
    const table = screen.getByTestId("table-ffs-throughput");
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    expect(within(table).getByRole("columnheader", { name: /Speed\s*\(Kbytes\/sec\)/ })).toBeTruthy();
    expect(within(table).getByRole("columnheader", { name: /block size.*derived/ })).toBeTruthy();
    expect(column(table, "block/fragment")).toContain("4096/1024");
  });

  it("names a column titled by its unit once: Bps, not Bps (Bps)", () => {
    render(<DataTable dataset={dataset("decnet-throughput")} />);
    const table = screen.getByTestId("table-decnet-throughput");
    const heads = within(table).getAllByRole("columnheader").map((h) => h.textContent ?? "");
    expect(heads.some((h) => h.startsWith("Bps"))).toBe(true);
    expect(heads.filter((h) => /Bps \(Bps\)|% cpu \(% cpu\)/.test(h))).toEqual([]);
  });

  it("sorts numerically, then descending, then back to the memo's order", () => {
    render(<DataTable dataset={ffs} />);
    const table = screen.getByTestId("table-ffs-throughput");
    const speed = within(table).getByRole("button", { name: /^Speed/ });
    const original = column(table, "Speed");
    fireEvent.click(speed);
    expect(column(table, "Speed")).toEqual([...original].sort((a, b) => Number(a) - Number(b)));
    expect(speed.closest("th")?.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(speed);
    expect(column(table, "Speed")[0]).toBe("466");
    fireEvent.click(speed);
    expect(column(table, "Speed")).toEqual(original);
  });

  it("shows a figure's citation when its cell takes focus", () => {
    render(<DataTable dataset={ffs} />);
    const cell = screen.getAllByText("221")[0];
    fireEvent.focus(cell);
    expect(screen.getByTestId("citation-ffs-throughput").textContent).toMatch(/Table 2a.*new 4096\/1024 750\/UNIBUS, column Speed/);
  });
});
