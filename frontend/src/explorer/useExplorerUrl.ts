// The explorer's state in its URL and the browser's history: parsed from the address (bad
// parameters replaced by defaults, and said), the canonical address written at once, a change
// written when the knob rests (changes close together share one history entry), and Back and
// Forward read again.
import { useCallback, useEffect, useRef, useState } from "react";
import type { SystemSpec } from "../api/types";
import { parse, serialize, type ExplorerState } from "../state/urlState";
import { dropPendingUrl, writeUrl } from "../state/urlWriter";

// Changes closer together than this (a slider being dragged) share one history entry.
const HISTORY_GAP_MS = 1000;

export function useExplorerUrl(spec: SystemSpec) {
  const [{ state, notices }, setParsed] = useState(() => parse(window.location.search, spec));
  const lastPush = useRef(-Infinity); // the first change always gets its own history entry

  // The canonical URL for the parsed state (bad parameters replaced by defaults).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on first render; later changes write the URL in `push`
  useEffect(() => {
    window.history.replaceState(null, "", `${window.location.pathname}?${serialize(state, spec)}${window.location.hash}`);
  }, []);

  useEffect(() => {
    const onPop = () => {
      dropPendingUrl(); // the visitor moved in history: an older pending address must not overwrite it
      setParsed(parse(window.location.search, spec));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [spec]);

  /** The view moves to `next`: its address is written once the knob rests. */
  const push = useCallback((next: ExplorerState) => {
    const now = performance.now();
    writeUrl(`${window.location.pathname}?${serialize(next, spec)}`, now - lastPush.current > HISTORY_GAP_MS);
    lastPush.current = now;
    setParsed({ state: next, notices: [] });
  }, [spec]);

  return { state, notices, push, setParsed };
}
