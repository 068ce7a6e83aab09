// The user's table as the models read it (perfmodels/fitting/owndata.py, in the worker): read again a
// moment after the text or the knobs stop changing, so typing stays free; the newest reading wins.
import { useEffect, useRef, useState } from "react";
import type { KnobValues, OwnTable } from "../api/types";
import type { ModelClient } from "../runtime/ModelClient";

const SETTLE_MS = 250;

export interface OwnTableState {
  table: OwnTable | null;
  /** the models could not read it at all (not a problem in a cell: those are in table.problems) */
  error: string | null;
  reading: boolean;
}

export function useOwnTable(client: ModelClient, system: string, text: string | null, knobs: KnobValues): OwnTableState {
  const [got, setGot] = useState<OwnTableState>(EMPTY);
  // The knobs held for the columns the table does not give are those on screen: a knob moved
  // reads the table again once the knobs rest (quietly: only new text says "reading").
  const readText = useRef<string | null>(null);
  useEffect(() => {
    const newText = text !== readText.current;
    readText.current = text;
    if (!text?.trim()) {
      if (newText) setGot(EMPTY);
      return;
    }
    let live = true;
    if (newText) setGot((g) => ({ ...g, reading: true }));
    const t = setTimeout(() => {
      client.own({ type: "table", system, text, knobs }).then(
        (table) => live && setGot({ table, error: null, reading: false }),
        (e: Error) => live && setGot({ table: null, error: e.message, reading: false }),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [client, system, text, knobs]);
  return got;
}

const EMPTY: OwnTableState = { table: null, error: null, reading: false };
