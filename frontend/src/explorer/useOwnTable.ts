// The user's table as the models read it (perfmodels/fitting/owndata.py, in the worker): read again a
// moment after the text stops changing, so typing stays free; the newest text's reading wins.
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
  const [got, setGot] = useState<OwnTableState>({ table: null, error: null, reading: false });
  // the knobs held for the columns the table does not give: those on screen when it was read
  const held = useRef(knobs);
  held.current = knobs;
  useEffect(() => {
    if (!text?.trim()) {
      setGot({ table: null, error: null, reading: false });
      return;
    }
    let live = true;
    setGot((g) => ({ ...g, reading: true }));
    const t = setTimeout(() => {
      client.own({ type: "table", system, text, knobs: held.current }).then(
        (table) => live && setGot({ table, error: null, reading: false }),
        (e: Error) => live && setGot({ table: null, error: e.message, reading: false }),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [client, system, text]);
  return got;
}
