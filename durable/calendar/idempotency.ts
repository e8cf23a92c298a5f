/**
 * Idempotency for the object's mutating calls: the first answer to a key is stored with a fingerprint of the
 * request and replayed for the same request; the same key for a different request is refused. Answers are
 * kept IDEMPOTENCY_RETENTION_MS from the time of the call that stored them.
 */
import type { Refusal } from "./rpc-types";
import { IDEMPOTENCY_RETENTION_MS } from "./rpc-types";

export const IDEMPOTENCY_SCHEMA = `
CREATE TABLE IF NOT EXISTS idempotency (
  key TEXT PRIMARY KEY,
  op TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  answer TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idempotency_created_idx ON idempotency (created_at);
`;

function invalidKey(): Refusal {
  return {
    ok: false,
    code: "INVALID_INPUT",
    reason: "idempotency-mismatch",
    fields: { idempotencyKey: "This key was already used for a different request." },
    alternative: null,
  };
}

export class IdempotencyStore {
  constructor(private readonly sql: SqlStorage) {}

  /** The stored answer (marked replayed), a refusal for a key reused differently, or null when new. */
  replay<T>(key: string, fingerprint: string): T | null {
    const row = this.sql
      .exec<{ fingerprint: string; answer: string }>("SELECT fingerprint, answer FROM idempotency WHERE key = ?", key)
      .toArray()[0];
    if (!row) return null;
    if (row.fingerprint !== fingerprint) return invalidKey() as T;
    return { ...(JSON.parse(row.answer) as object), replayed: true } as T;
  }

  remember(key: string, op: string, fingerprint: string, answer: unknown, now: number): void {
    this.sql.exec(
      "INSERT INTO idempotency (key, op, fingerprint, answer, created_at) VALUES (?, ?, ?, ?, ?)",
      key,
      op,
      fingerprint,
      JSON.stringify(answer),
      now,
    );
  }

  /** Drops the stored answer of `key` if `matches` says it is the one to undo (a grant being taken back). */
  forget(key: string, op: string, matches: (answer: unknown) => boolean): void {
    const row = this.sql
      .exec<{ answer: string }>("SELECT answer FROM idempotency WHERE key = ? AND op = ?", key, op)
      .toArray()[0];
    if (row && matches(JSON.parse(row.answer))) this.sql.exec("DELETE FROM idempotency WHERE key = ?", key);
  }

  /** Deletes answers past retention at `now`. */
  prune(now: number): void {
    this.sql.exec("DELETE FROM idempotency WHERE created_at <= ?", now - IDEMPOTENCY_RETENTION_MS);
  }

  /** When the oldest answer leaves retention, or null. */
  nextPrune(): number | null {
    const oldest = this.sql.exec<{ t: number | null }>("SELECT min(created_at) AS t FROM idempotency").one().t;
    return oldest === null ? null : oldest + IDEMPOTENCY_RETENTION_MS;
  }
}
