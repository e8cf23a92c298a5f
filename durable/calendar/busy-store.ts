/**
 * The object's busy time in its own SQLite storage: holds, bookings and time off, one row per (kind, ref).
 * Reads and writes here are synchronous, so a caller can check and write inside one transactionSync.
 */
import type { BusyInterval } from "../../domain/calendar/availability";
import { DAY_MS } from "../../domain/calendar/time";
import type { BusyEntry, StoredKind } from "./rpc-types";

export type Row = Record<string, SqlStorageValue>;

export interface BusyRow extends Row {
  kind: StoredKind;
  ref: string;
  start_ms: number;
  end_ms: number;
  is_connect: number;
  expires_at: number | null;
  hold_id: string | null;
  created_at: number;
}

export const BUSY_SCHEMA = `
CREATE TABLE IF NOT EXISTS busy (
  kind TEXT NOT NULL CHECK (kind IN ('hold', 'booking', 'time_off')),
  ref TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  is_connect INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER,
  hold_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (kind, ref)
);
CREATE INDEX IF NOT EXISTS busy_start_idx ON busy (start_ms);
CREATE INDEX IF NOT EXISTS busy_expiry_idx ON busy (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS busy_hold_idx ON busy (hold_id) WHERE hold_id IS NOT NULL;
`;

/** Holds and bookings a check leaves out (by ref). */
export interface Ignored {
  holds: readonly string[];
  bookings: readonly string[];
}

export const NOTHING_IGNORED: Ignored = { holds: [], bookings: [] };

function isIgnored(r: BusyRow, ignore: Ignored): boolean {
  return (
    (r.kind === "hold" && ignore.holds.includes(r.ref)) || (r.kind === "booking" && ignore.bookings.includes(r.ref))
  );
}

export function toBusyInterval(r: BusyRow): BusyInterval {
  return {
    start: r.start_ms,
    end: r.end_ms,
    isConnect: r.is_connect === 1,
    kind: r.kind === "time_off" ? "block" : r.kind === "hold" ? "hold" : "job",
  };
}

export function toEntry(r: BusyRow): BusyEntry {
  return {
    kind: r.kind,
    ref: r.ref,
    start: r.start_ms,
    end: r.end_ms,
    isConnect: r.is_connect === 1,
    expiresAt: r.expires_at,
  };
}

export class BusyStore {
  constructor(private readonly sql: SqlStorage) {}

  find(kind: StoredKind, ref: string): BusyRow | undefined {
    return this.sql.exec<BusyRow>("SELECT * FROM busy WHERE kind = ? AND ref = ?", kind, ref).toArray()[0];
  }

  /** The booking a hold became, if any. */
  bookedFrom(holdId: string): boolean {
    return this.sql.exec("SELECT 1 FROM busy WHERE kind = 'booking' AND hold_id = ?", holdId).toArray().length > 0;
  }

  insert(row: Omit<BusyRow, "hold_id" | "expires_at"> & { hold_id?: string | null; expires_at?: number | null }) {
    this.sql.exec(
      "INSERT INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      row.kind,
      row.ref,
      row.start_ms,
      row.end_ms,
      row.is_connect,
      row.expires_at ?? null,
      row.hold_id ?? null,
      row.created_at,
    );
  }

  /** Adopts a row from D1's projection on first use; a row the object already has wins. */
  adopt(kind: StoredKind, ref: string, start: number, end: number, isConnect: boolean, now: number): void {
    this.sql.exec(
      "INSERT OR IGNORE INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)",
      kind,
      ref,
      start,
      end,
      isConnect ? 1 : 0,
      now,
    );
  }

  /** Adds time off, or moves it when the ref exists. */
  upsertTimeOff(ref: string, start: number, end: number, now: number): void {
    this.sql.exec(
      `INSERT INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES ('time_off', ?, ?, ?, 0, NULL, NULL, ?)
       ON CONFLICT (kind, ref) DO UPDATE SET start_ms = excluded.start_ms, end_ms = excluded.end_ms`,
      ref,
      start,
      end,
      now,
    );
  }

  /** Deletes a row; true when it was there. */
  delete(kind: StoredKind, ref: string): boolean {
    return this.sql.exec("DELETE FROM busy WHERE kind = ? AND ref = ?", kind, ref).rowsWritten > 0;
  }

  /** Rows of these kinds overlapping [start, end), by start. */
  overlapping(kinds: readonly StoredKind[], start: number, end: number): BusyRow[] {
    return this.sql
      .exec<BusyRow>(
        `SELECT * FROM busy WHERE kind IN (SELECT value FROM json_each(?)) AND start_ms < ? AND end_ms > ? ORDER BY start_ms`,
        JSON.stringify(kinds),
        end,
        start,
      )
      .toArray();
  }

  timeOff(): Array<{ start: number; end: number }> {
    return this.sql
      .exec<BusyRow>("SELECT * FROM busy WHERE kind = 'time_off'")
      .toArray()
      .map((r) => ({ start: r.start_ms, end: r.end_ms }));
  }

  /** Deletes holds that lapsed by `now` (they already stopped counting in every check); their refs. */
  purgeExpired(now: number): string[] {
    const lapsed = this.sql
      .exec<{ ref: string }>("SELECT ref FROM busy WHERE kind = 'hold' AND expires_at <= ?", now)
      .toArray()
      .map((r) => r.ref);
    for (const ref of lapsed) this.delete("hold", ref);
    return lapsed;
  }

  /** Busy time that can matter to a job in [start, end): anything within two days either side. */
  around(start: number, end: number, ignore: Ignored): BusyInterval[] {
    return this.sql
      .exec<BusyRow>("SELECT * FROM busy WHERE end_ms > ? AND start_ms < ?", start - 2 * DAY_MS, end + 2 * DAY_MS)
      .toArray()
      .filter((r) => !isIgnored(r, ignore))
      .map(toBusyInterval);
  }

  /** Every busy interval, holds lapsed by `now` excluded (for alternatives over the horizon). */
  all(ignore: Ignored, now?: number): BusyInterval[] {
    return this.sql
      .exec<BusyRow>("SELECT * FROM busy")
      .toArray()
      .filter((r) => !isIgnored(r, ignore) && !(r.kind === "hold" && now !== undefined && (r.expires_at ?? 0) <= now))
      .map(toBusyInterval);
  }

  /** Holds live at `now`, bookings and time off whose time meets [from, to), by start. */
  list(now: number, from = -8.64e15, to = 8.64e15): BusyEntry[] {
    return this.sql
      .exec<BusyRow>(
        `SELECT * FROM busy WHERE (kind <> 'hold' OR expires_at > ?) AND end_ms > ? AND start_ms < ? ORDER BY start_ms, kind, ref`,
        now,
        from,
        to,
      )
      .toArray()
      .map(toEntry);
  }

  /** The earliest hold expiry, or null. */
  nextExpiry(): number | null {
    return this.sql.exec<{ t: number | null }>("SELECT min(expires_at) AS t FROM busy WHERE kind = 'hold'").one().t;
  }
}
