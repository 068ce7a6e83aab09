// "My scenarios": the scenarios this browser saved, with their delete tokens, kept in
// localStorage only (there are no accounts).
import { readList } from "../storage";

export interface MyScenario {
  slug: string;
  system: string;
  title: string;
  delete_token: string;
  created_at: string;
}

const KEY = "memolab.myScenarios";

export function loadMine(): MyScenario[] {
  return readList(KEY).filter((s): s is MyScenario => {
    const m = s as MyScenario | null;
    return !!m && typeof m.slug === "string" && typeof m.delete_token === "string";
  });
}

export function saveMine(list: MyScenario[]): void {
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function addMine(s: MyScenario): void {
  saveMine([s, ...loadMine().filter((m) => m.slug !== s.slug)]);
}

export function removeMine(slug: string): void {
  saveMine(loadMine().filter((m) => m.slug !== slug));
}
