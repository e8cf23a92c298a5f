/**
 * localStorage that never throws. Private modes, full quotas and disabled storage fall back to memory for
 * the life of the page (docs/product.md section 8: "Unreadable local storage silently falls back to the in-memory cart").
 */
const memory = new Map<string, string>();

function storage(): Storage | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    const value = storage()?.getItem(key);
    if (value != null) return value;
  } catch {
    /* fall through to memory */
  }
  return memory.get(key) ?? null;
}

export function writeItem(key: string, value: string): void {
  memory.set(key, value);
  try {
    storage()?.setItem(key, value);
  } catch {
    /* memory keeps it */
  }
}

export function removeItem(key: string): void {
  memory.delete(key);
  try {
    storage()?.removeItem(key);
  } catch {
    /* nothing to do */
  }
}

/** Parsed JSON, or `undefined` when missing or unreadable. */
export function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

export function isUnreadable(key: string): boolean {
  const raw = readItem(key);
  if (raw == null) return false;
  try {
    JSON.parse(raw);
    return false;
  } catch {
    return true;
  }
}
