// The workbench's place in the explorer's address: its fragment, `#edit` (the editor open on the
// original) or `#model=...` (an edit, ./share.ts), with `&fit=memo` or `&fit=own` when the edit
// is drawn fitted to the memo's figures or to the page's own table (./useEditFit.ts, run again
// on opening). The query is the view's (state/urlState.ts);
// the fragment is the workbench's, kept whenever the view's address is written. Small, and
// loaded with the explorer: the workbench itself loads only when opened.

import { useCallback, useEffect, useState } from "react";

/** The workbench's place in the fragment: open, the edit it holds (null: the original), and
 * what the edit is fitted to (none: drawn with the parameters it runs with). */
export interface Fragment {
  open: boolean;
  edit: string | null;
  fit?: "memo" | "own" | null;
}

export function readFragment(hash: string): Fragment {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const edit = p.get("model");
  const fit = p.get("fit");
  return { open: edit !== null || p.has("edit"), edit: edit || null, ...(edit && (fit === "memo" || fit === "own") ? { fit } : {}) };
}

export const fragmentOf = (f: Fragment): string => (f.edit ? `#model=${f.edit}${f.fit ? `&fit=${f.fit}` : ""}` : f.open ? "#edit" : "");

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
