// "My scenarios": the scenarios this browser saved, with their delete tokens, kept in
// localStorage only (there are no accounts).
export interface MyScenario {
  slug: string;
  system: string;
  title: string;
  delete_token: string;
  created_at: string;
}

const KEY = "memolab.myScenarios";

export function loadMine(): MyScenario[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((s) => s && typeof s.slug === "string" && typeof s.delete_token === "string") : [];
  } catch {
    return [];
  }
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
