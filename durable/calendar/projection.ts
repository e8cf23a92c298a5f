/**
 * The D1 projection of the object's busy time (`vendor_busy`), written through an outbox: every change marks
 * its (kind, ref) in the same synchronous section as the change, and a single flusher writes the current
 * rows of the marked refs to D1 in one batch per round (delete the ref's row, insert its current one). The
 * object's storage is the truth; when D1 fails the outbox keeps the refs and the alarm retries with backoff.
 */
import { MINUTE_MS } from "../../domain/calendar/time";
import type { BusyStore } from "./busy-store";
import type { Meta } from "./meta";
import type { StoredKind } from "./rpc-types";

export const OUTBOX_SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (kind, ref)
);
`;

/** First retry of a failed projection; doubles per failure up to the cap. */
const RETRY_MS = 2_000;
const RETRY_MAX_MS = 5 * MINUTE_MS;
/** Refs per D1 batch. */
const ROUND_SIZE = 100;

export class Projection {
  private seq: number;
  /** The single flusher: one round at a time, so D1 always ends with the latest rows. */
  private flushing: Promise<boolean> | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly meta: Meta,
    private readonly busy: BusyStore,
    private readonly storage: DurableObjectStorage,
    private readonly db: D1Database,
    /** Called after a failed round so the alarm is set for the retry. */
    private readonly onFailure: (now: number) => void,
  ) {
    this.seq = Number(meta.get("seq") ?? 0);
  }

  /** Marks a ref for projection (the outbox keeps the latest change per ref). Call inside the change's section. */
  changed(kind: StoredKind, ref: string): void {
    this.seq += 1;
    this.meta.set("seq", String(this.seq));
    this.sql.exec(
      "INSERT INTO outbox (kind, ref, seq) VALUES (?, ?, ?) ON CONFLICT (kind, ref) DO UPDATE SET seq = excluded.seq",
      kind,
      ref,
      this.seq,
    );
  }

  hasPending(): boolean {
    return this.sql.exec("SELECT 1 FROM outbox LIMIT 1").toArray().length > 0;
  }

  /** When a failed projection should be retried (0: no failure recorded). */
  retryAt(): number {
    return Number(this.meta.get("projection_retry_at") ?? 0);
  }

  /** Writes the outbox to D1; resolves true once it is empty, false when D1 failed (the alarm retries). */
  flush(vendorId: number | null, now: number): Promise<boolean> {
    // A drain in flight re-reads the outbox after every round until it is empty, so it also carries
    // changes written while it waited on D1: joining it is enough.
    this.flushing ??= this.drain(vendorId, now).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(vendorId: number | null, now: number): Promise<boolean> {
    if (vendorId === null) return true;
    for (;;) {
      const pending = this.sql
        .exec<{ kind: StoredKind; ref: string; seq: number }>(
          `SELECT kind, ref, seq FROM outbox ORDER BY seq LIMIT ${ROUND_SIZE}`,
        )
        .toArray();
      if (pending.length === 0) {
        this.meta.delete("projection_failures");
        return true;
      }
      const statements: D1PreparedStatement[] = [];
      for (const p of pending) {
        statements.push(
          this.db
            .prepare("DELETE FROM vendor_busy WHERE vendor_id = ? AND kind = ? AND ref_id = ?")
            .bind(vendorId, p.kind, p.ref),
        );
        const row = this.busy.find(p.kind, p.ref);
        if (row) {
          statements.push(
            this.db
              .prepare(
                "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
              )
              .bind(vendorId, row.start_ms, row.end_ms, row.kind, row.ref, row.is_connect, row.expires_at, now),
          );
        }
      }
      try {
        await this.db.batch(statements);
      } catch (err) {
        const failures = Number(this.meta.get("projection_failures") ?? 0) + 1;
        const retryAt = now + Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** (failures - 1));
        this.storage.transactionSync(() => {
          this.meta.set("projection_failures", String(failures));
          this.meta.set("projection_retry_at", String(retryAt));
        });
        console.error(
          JSON.stringify({
            at: "VendorCalendar.projection",
            vendor_id: vendorId,
            pending: pending.length,
            failures,
            error: String(err),
          }),
        );
        this.onFailure(now);
        return false;
      }
      for (const p of pending)
        this.sql.exec("DELETE FROM outbox WHERE kind = ? AND ref = ? AND seq = ?", p.kind, p.ref, p.seq);
    }
  }

  /** The earliest the next retry may run, given the path's time (null: nothing pending). */
  nextRetry(now: number): number | null {
    return this.hasPending() ? Math.max(this.retryAt(), now + RETRY_MS) : null;
  }
}
