// What this browser keeps by key in localStorage, read as untrusted as a URL: a JSON object or
// nothing. Writing may fail (storage full or off); what was to be kept then lasts for the page.
export function readRecord(key: string): Record<string, unknown> {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch {
    return {};
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled */
  }
}

/** A JSON array kept by key, or an empty one (its entries still to be checked by the reader). */
export function readList(key: string): unknown[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(raw) ? raw : [];
  } catch {
    return [];
  }
}
