// The workbench's place in the explorer's address: its fragment, `#edit` (the editor open on the
// original), `#model=...` (an edit, workbench/share.ts) or `#saved-model=SLUG` (the edit a saved
// scenario keeps, one too long for a link), either with `&fit=memo` or `&fit=own` when the edit
// is drawn fitted to the memo's figures or to the page's own table (workbench/useEditFit.ts, run
// again on opening). The query is the view's (./urlState.ts); the fragment is the workbench's,
// kept whenever the view's address is written: the view may move away from a scenario's while
// its model stays the scenario's edit. Small, and loaded with the explorer: the workbench itself
// loads only when opened. Here with the address's other half, so the pages that write or read
// it (the explorer, the scenarios) need nothing of the workbench's.

import { useCallback, useEffect, useState } from "react";
import { SLUG } from "./urlState";

/** The workbench's place in the fragment: open, the edit it holds (null: the original) or the
 * saved scenario that holds it, and what the edit is fitted to (none: drawn with the parameters
 * it runs with). */
export interface Fragment {
  open: boolean;
  edit: string | null;
  saved: string | null;
  fit?: "memo" | "own" | null;
}

export const CLOSED: Fragment = { open: false, edit: null, saved: null };
export const ORIGINAL: Fragment = { open: true, edit: null, saved: null };

export function readFragment(hash: string): Fragment {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const edit = p.get("model") || null;
  const named = p.get("saved-model");
  const saved = !edit && named && SLUG.test(named) ? named : null;
  const fit = p.get("fit");
  return {
    open: edit !== null || saved !== null || p.has("edit") || p.has("saved-model"),
    edit,
    saved,
    ...((edit || saved) && (fit === "memo" || fit === "own") ? { fit } : {}),
  };
}

export function fragmentOf(f: Fragment): string {
  const fit = f.fit && (f.edit || f.saved) ? `&fit=${f.fit}` : "";
  return f.edit ? `#model=${f.edit}${fit}` : f.saved ? `#saved-model=${f.saved}${fit}` : f.open ? "#edit" : "";
}

/** The fragment now, and a way to write it (a replaced history entry: typing is not history). */
export function useFragment(): [Fragment, (f: Fragment, push?: boolean) => void] {
  const [f, setF] = useState(() => readFragment(window.location.hash));
  useEffect(() => {
    const read = () => setF(readFragment(window.location.hash));
    window.addEventListener("hashchange", read);
    window.addEventListener("popstate", read);
    return () => {
      window.removeEventListener("hashchange", read);
      window.removeEventListener("popstate", read);
    };
  }, []);
  const write = useCallback((next: Fragment, push = false) => {
    const url = `${window.location.pathname}${window.location.search}${fragmentOf(next)}`;
    if (push) window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
    setF(next);
  }, []);
  return [f, write];
}
