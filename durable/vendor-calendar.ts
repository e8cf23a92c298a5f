/**
 * VendorCalendar: one Durable Object per vendor (`idFromName(String(vendor_id))`), the only writer of that
 * vendor's busy time (DESIGN section 3 "Calendar authority and fast search"). Decisions are recorded in
 * docs/decisions/011-holds-and-cart.md.
 *
 * Responsibilities:
 * 1. Keep the vendor's busy time in its own SQLite storage: holds (cart items, 15 minutes), bookings
 *    (confirmed holds) and time off.
 * 2. Grant or refuse a hold by re-checking availability against its own state with the same domain rules
 *    search uses (domain/calendar isFreeAt), inside one synchronous section: no await between the check
 *    and the write, so concurrent requests can never both get the same time.
 * 3. Make every mutating call idempotent: the first answer to an idempotency key is stored and replayed.
 * 4. Let holds lapse: expired holds stop counting at once and are deleted by the next call or the alarm.
 * 5. Project its busy intervals to D1 `vendor_busy` after every change (one batch per round: delete the
 *    changed refs, insert their current rows). The object's storage is the truth; a failed projection
 *    stays in an outbox and the alarm retries it.
 *
 * Time: business rules use the caller's `now` (the request clock, movable in tests with x-test-now);
 * housekeeping (alarm, idempotency retention) uses the real clock.
 */
import { DurableObject } from "cloudflare:workers";
import {
  allStarts,
  canBookHoliday,
  canBookSameDay,
  freeSlots,
  isFreeAt,
  type BusyInterval,
  type FreeSlotsInput,
  type HolidayPolicy,
  type TimeRange,
  type WeeklySchedule,
} from "../domain/calendar/availability";
import { holidayOn } from "../domain/calendar/holidays";
import { checkSlotStart } from "../domain/calendar/slots";
import { DAY_MS, MINUTE_MS, addDays, formatLocal, localDate } from "../domain/calendar/time";

// ---------------------------------------------------------------------------------------------------
// Constants and public types

/** How long a hold keeps a time for a cart item (docs/decisions/011-holds-and-cart.md). */
export const HOLD_TTL_MS = 15 * MINUTE_MS;
/**
 * The longest a hold may be asked to last: a reschedule request's provisional hold lasts until the vendor
 * must answer (docs/decisions/033-cancellation-and-reschedule.md).
 */
export const MAX_HOLD_TTL_MS = 7 * DAY_MS;
/** How long the answer to an idempotency key is kept (real time). */
export const IDEMPOTENCY_RETENTION_MS = DAY_MS;
/** First retry of a failed projection; doubles per failure up to the cap. */
const PROJECTION_RETRY_MS = 2_000;
const PROJECTION_RETRY_MAX_MS = 5 * MINUTE_MS;

/** A vendor's calendar settings (built from the vendors row by worker/calendar/settings.ts). */
export interface VendorSettings {
  vendorId: number;
  /** vendors.updated_at: the object keeps the newest snapshot it has seen. */
  version: number;
  tz: string;
  weekly: WeeklySchedule;
  sameDay: boolean;
  holidayPolicy: HolidayPolicy;
  completedJobs: number;
  reliability: number;
  /** Active and not soft-banned. */
  bookable: boolean;
}

export type StoredKind = "hold" | "booking" | "time_off";

export interface BusyEntry {
  kind: StoredKind;
  /** Hold id, order reference or time-off id. */
  ref: string;
  start: number;
  end: number;
  isConnect: boolean;
  /** Holds only. */
  expiresAt: number | null;
}

export interface HoldInfo {
  holdId: string;
  vendorId: number;
  start: number;
  end: number;
  isConnect: boolean;
  createdAt: number;
  expiresAt: number;
}

export interface BookingInfo {
  orderRef: string;
  holdId: string;
  vendorId: number;
  start: number;
  end: number;
  isConnect: boolean;
}

export type RefusalCode =
  "CART_ITEM_NOT_AVAILABLE" | "CART_ITEM_DATE_CHANGED" | "INVALID_INPUT" | "RELIABILITY_TOO_LOW";

/** The free start nearest to the one asked for, so the UI can highlight it. */
export interface Alternative {
  start: number;
  /** "YYYY-MM-DD HH:MM" in the vendor's zone. */
  local: string;
}

export interface Refusal {
  ok: false;
  code: RefusalCode;
  /** Why, for logs and tests: conflict, off-grid, outside-hours, too-soon, past, beyond-horizon, ... */
  reason: string;
  fields?: Record<string, string>;
  alternative: Alternative | null;
}

export type HoldAnswer = ({ ok: true; hold: HoldInfo } | Refusal) & { replayed?: boolean };
export type ConfirmAnswer = ({ ok: true; booking: BookingInfo } | Refusal) & { replayed?: boolean };
export type ReleaseAnswer = { ok: true; released: boolean; replayed?: boolean } | (Refusal & { replayed?: boolean });
export type TimeOffAnswer =
  | { ok: true; timeOff: { ref: string; start: number; end: number }; overlaps: BusyEntry[]; replayed?: boolean }
  | (Refusal & { replayed?: boolean });

export interface PlaceHoldRequest {
  settings: VendorSettings;
  now: number;
  start: number;
  durationMinutes: number;
  isConnect?: boolean;
  /** Staff- or vendor-made item: skip the availability rules (the time is still held). */
  bypass?: boolean;
  /** Holds of the same cart item being moved: ignored by the conflict check, not released here. */
  ignoreHoldIds?: string[];
  /** Bookings (order refs) ignored by the conflict check: a booking being rescheduled may move next to itself. */
  ignoreBookings?: string[];
  /** How long the hold lasts (default HOLD_TTL_MS, at most MAX_HOLD_TTL_MS). */
  ttlMs?: number;
  idempotencyKey: string;
}

export interface HoldCheck {
  holdId: string;
  /** Where the cart item says it is, used when the hold is gone. */
  start: number;
  durationMinutes: number;
  isConnect: boolean;
}

export type HoldStatus =
  | { holdId: string; state: "held"; expiresAt: number }
  | { holdId: string; state: "booked" }
  | {
      holdId: string;
      state: "expired" | "moved" | "blocked";
      code: "CART_ITEM_NOT_AVAILABLE" | "CART_ITEM_DATE_CHANGED";
      alternative: Alternative | null;
    };

/** Hold ids carry their vendor, so a cart item matched to "any pro" still knows which object holds it. */
export function holdVendorId(holdId: string): number | null {
  const m = /^(\d{1,10})\.[A-Za-z0-9-]+$/.exec(holdId);
  return m ? Number(m[1]) : null;
}

// ---------------------------------------------------------------------------------------------------
// Pure rules (exported for tests): the refusal a start gets, and the nearest free start

export interface JudgeInput {
  settings: VendorSettings;
  now: number;
  start: number;
  durationMinutes: number;
  isConnect: boolean;
  /** Jobs, holds and blocks (time off as kind "block"). */
  busy: readonly BusyInterval[];
}

function rulesInput(j: JudgeInput, busy: readonly BusyInterval[]): Omit<FreeSlotsInput, "from" | "to"> {
  const s = j.settings;
  return {
    now: j.now,
    tz: s.tz,
    weekly: s.weekly,
    busy,
    durationMinutes: j.durationMinutes,
    isConnect: j.isConnect,
    completedJobCount: s.completedJobs,
    reliability: s.reliability,
    sameDay: s.sameDay,
    holidayPolicy: s.holidayPolicy,
  };
}

/**
 * The free start nearest to `start` over the booking horizon (ties go to the earlier one), or null. The
 * local day before, of and after the start are searched first: a start found there no more than 24 hours
 * away is nearer than anything two days off, so the full horizon is swept only when those days are full.
 */
export function nearestFreeStart(j: JudgeInput): Alternative | null {
  const nearest = (starts: readonly number[]): number | null => {
    let best: number | null = null;
    for (const s of starts) if (best === null || Math.abs(s - j.start) < Math.abs(best - j.start)) best = s;
    return best;
  };
  const date = localDate(j.start, j.settings.tz);
  const around = nearest(
    allStarts(freeSlots({ ...rulesInput(j, j.busy), from: addDays(date, -1), to: addDays(date, 1) })),
  );
  const best =
    around !== null && Math.abs(around - j.start) <= DAY_MS
      ? around
      : nearest(allStarts(freeSlots(rulesInput(j, j.busy))));
  return best === null ? null : { start: best, local: formatLocal(best, j.settings.tz) };
}

/**
 * null when the start can be held; otherwise the refusal (without the alternative). The acceptance test is
 * exactly domain/calendar isFreeAt, the rule search uses; the rest only explains a refusal:
 * - off the grid, outside the vendor's hours, a holiday or same-day the vendor does not work:
 *   CART_ITEM_DATE_CHANGED (the vendor's time moved);
 * - a holiday or same-day the vendor works but is not reliable enough for: RELIABILITY_TOO_LOW;
 * - past, sooner than 90 minutes, beyond the 88-day horizon: INVALID_INPUT;
 * - everything else (a job, hold or time off in the way): CART_ITEM_NOT_AVAILABLE.
 */
export function judgeHold(j: JudgeInput): Omit<Refusal, "alternative"> | null {
  const s = j.settings;
  if (!s.bookable) return { ok: false, code: "CART_ITEM_NOT_AVAILABLE", reason: "vendor-not-bookable" };
  if (isFreeAt(rulesInput(j, j.busy), j.start)) return null;

  const slot = checkSlotStart(j.start, j.now, s.tz);
  if (slot === "off-grid") return { ok: false, code: "CART_ITEM_DATE_CHANGED", reason: "off-grid" };
  if (slot === "too-soon") {
    const past = j.start <= j.now;
    return {
      ok: false,
      code: "INVALID_INPUT",
      reason: past ? "past" : "too-soon",
      fields: {
        selectedDate: past ? "That time has passed." : "Choose a time at least 90 minutes from now.",
      },
    };
  }
  if (slot === "beyond-horizon") {
    return {
      ok: false,
      code: "INVALID_INPUT",
      reason: "beyond-horizon",
      fields: { selectedDate: "Choose a time within the next 88 days." },
    };
  }
  const date = localDate(j.start, s.tz);
  if (holidayOn(date) && s.holidayPolicy === "work" && !canBookHoliday(s.reliability).allowed) {
    return { ok: false, code: "RELIABILITY_TOO_LOW", reason: "holiday-gate" };
  }
  if (date === localDate(j.now, s.tz) && s.sameDay && !canBookSameDay(s.reliability).allowed) {
    return { ok: false, code: "RELIABILITY_TOO_LOW", reason: "same-day-gate" };
  }
  if (!isFreeAt(rulesInput(j, []), j.start)) {
    return { ok: false, code: "CART_ITEM_DATE_CHANGED", reason: "outside-hours" };
  }
  return { ok: false, code: "CART_ITEM_NOT_AVAILABLE", reason: "conflict" };
}

/**
 * A live hold re-validated later (GET /booking/cart): it keeps its time unless the vendor's hours or
 * opt-ins no longer cover it (CART_ITEM_DATE_CHANGED) or time off now covers it (CART_ITEM_NOT_AVAILABLE).
 * Other jobs cannot have moved into it (the object refused them), and the lead time and short-notice
 * padding are judged as of the moment the hold was granted, so a hold does not flip while it is held.
 */
export function judgeLiveHold(
  j: Omit<JudgeInput, "busy"> & { grantedAt: number; timeOff: readonly TimeRange[] },
): "CART_ITEM_DATE_CHANGED" | "CART_ITEM_NOT_AVAILABLE" | null {
  const base: JudgeInput = { ...j, now: j.grantedAt, busy: [] };
  if (!isFreeAt(rulesInput(base, []), j.start)) return "CART_ITEM_DATE_CHANGED";
  const end = j.start + j.durationMinutes * MINUTE_MS;
  for (const t of j.timeOff) if (t.start < end && t.end > j.start) return "CART_ITEM_NOT_AVAILABLE";
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Storage rows

type Row = Record<string, SqlStorageValue>;

interface BusyRow extends Row {
  kind: StoredKind;
  ref: string;
  start_ms: number;
  end_ms: number;
  is_connect: number;
  expires_at: number | null;
  hold_id: string | null;
  created_at: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
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
CREATE TABLE IF NOT EXISTS idempotency (
  key TEXT PRIMARY KEY,
  op TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  answer TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idempotency_created_idx ON idempotency (created_at);
CREATE TABLE IF NOT EXISTS outbox (
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (kind, ref)
);
`;

function toBusyInterval(r: BusyRow): BusyInterval {
  return {
    start: r.start_ms,
    end: r.end_ms,
    isConnect: r.is_connect === 1,
    kind: r.kind === "time_off" ? "block" : r.kind === "hold" ? "hold" : "job",
  };
}

function toEntry(r: BusyRow): BusyEntry {
  return {
    kind: r.kind,
    ref: r.ref,
    start: r.start_ms,
    end: r.end_ms,
    isConnect: r.is_connect === 1,
    expiresAt: r.expires_at,
  };
}

/** Holds and bookings a check leaves out (by ref). */
interface Ignored {
  holds: readonly string[];
  bookings: readonly string[];
}

const NOTHING_IGNORED: Ignored = { holds: [], bookings: [] };

function isIgnored(r: BusyRow, ignore: Ignored): boolean {
  return (
    (r.kind === "hold" && ignore.holds.includes(r.ref)) || (r.kind === "booking" && ignore.bookings.includes(r.ref))
  );
}

function invalidKey(): Refusal {
  return {
    ok: false,
    code: "INVALID_INPUT",
    reason: "idempotency-mismatch",
    fields: { idempotencyKey: "This key was already used for a different request." },
    alternative: null,
  };
}

// ---------------------------------------------------------------------------------------------------
// The object

export class VendorCalendar extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private vendorId: number | null = null;
  private settings: VendorSettings | null = null;
  private seq = 0;
  /** The single projection flusher: one round at a time, so D1 always ends with the latest rows. */
  private flushing: Promise<boolean> | null = null;
  /** The alarm time last set by this instance (null: unknown or none). */
  private alarmAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    const meta = new Map(
      this.sql
        .exec<{ key: string; value: string }>("SELECT key, value FROM meta")
        .toArray()
        .map((r) => [r.key, r.value]),
    );
    if (meta.has("vendor_id")) this.vendorId = Number(meta.get("vendor_id"));
    if (meta.has("settings")) this.settings = JSON.parse(meta.get("settings")!) as VendorSettings;
    this.seq = Number(meta.get("seq") ?? 0);
  }

  // ------------------------------------------------------------------------------------ public RPC

  /**
   * Holds `start` for `durationMinutes` if the vendor is free then (the rules of domain/calendar isFreeAt,
   * against this object's own holds, bookings and time off; `ignoreHoldIds` are left out of the check).
   * Guarantees: the check and the write happen in one synchronous section, so of any number of concurrent
   * requests for overlapping times at most one is granted; a replayed idempotency key returns the first
   * answer (grant or refusal) without re-checking; the hold lapses after `ttlMs` (default HOLD_TTL_MS);
   * `ignoreBookings` leaves a booking being rescheduled out of the check. The D1 projection is
   * written before the answer unless D1 fails, in which case the alarm retries it.
   */
  async placeHold(req: PlaceHoldRequest): Promise<HoldAnswer> {
    await this.ready(req.settings.vendorId);
    const print: unknown[] = [
      "placeHold",
      req.start,
      req.durationMinutes,
      !!req.isConnect,
      !!req.bypass,
      req.ignoreHoldIds ?? [],
    ];
    // Added only when used, so the fingerprints of cart holds stay what they were.
    if (req.ignoreBookings?.length || req.ttlMs !== undefined) print.push(req.ignoreBookings ?? [], req.ttlMs ?? null);
    const fingerprint = JSON.stringify(print);
    const ignored: Ignored = { holds: req.ignoreHoldIds ?? [], bookings: req.ignoreBookings ?? [] };
    const ttl = Math.min(Math.max(req.ttlMs ?? HOLD_TTL_MS, MINUTE_MS), MAX_HOLD_TTL_MS);
    const answer = this.ctx.storage.transactionSync((): HoldAnswer => {
      const replay = this.replay<HoldAnswer>(req.idempotencyKey, fingerprint);
      if (replay) return replay;
      this.purgeExpired(req.now);
      const settings = this.freshest(req.settings);
      const isConnect = !!req.isConnect;
      const end = req.start + req.durationMinutes * MINUTE_MS;
      if (!(req.durationMinutes > 0) || !Number.isFinite(req.start)) {
        return {
          ok: false,
          code: "INVALID_INPUT",
          reason: "bad-interval",
          fields: { selectedDate: "Choose a time." },
          alternative: null,
        };
      }
      const judge: JudgeInput = {
        settings,
        now: req.now,
        start: req.start,
        durationMinutes: req.durationMinutes,
        isConnect,
        busy: [],
      };
      if (!req.bypass) {
        judge.busy = this.busyAround(req.start, end, ignored);
        const refusal = judgeHold(judge);
        if (refusal) {
          const alternative =
            refusal.code === "INVALID_INPUT" || refusal.code === "RELIABILITY_TOO_LOW"
              ? null
              : nearestFreeStart({ ...judge, busy: this.allBusy(ignored) });
          const out: Refusal = { ...refusal, alternative };
          this.remember(req.idempotencyKey, "placeHold", fingerprint, out);
          return out;
        }
      } else if (end <= req.now) {
        return {
          ok: false,
          code: "INVALID_INPUT",
          reason: "past",
          fields: { selectedDate: "That time has passed." },
          alternative: null,
        };
      }
      const hold: HoldInfo = {
        holdId: `${settings.vendorId}.${crypto.randomUUID()}`,
        vendorId: settings.vendorId,
        start: req.start,
        end,
        isConnect,
        createdAt: req.now,
        expiresAt: req.now + ttl,
      };
      this.sql.exec(
        "INSERT INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES ('hold', ?, ?, ?, ?, ?, NULL, ?)",
        hold.holdId,
        hold.start,
        hold.end,
        isConnect ? 1 : 0,
        hold.expiresAt,
        hold.createdAt,
      );
      this.changed("hold", hold.holdId);
      const out: HoldAnswer = { ok: true, hold };
      this.remember(req.idempotencyKey, "placeHold", fingerprint, out);
      return out;
    });
    await this.afterChange();
    return answer;
  }

  /**
   * Lets a hold go (a cart item removed, moved or cleared). Releasing a hold that is gone (expired,
   * released, never existed) answers released: false. Idempotent by key. `forgetKey` undoes a grant
   * completely: the placeHold answer stored under that key (if it granted this hold) is dropped too, so a
   * retry of a request whose follow-up write failed starts afresh instead of replaying a released hold.
   */
  async releaseHold(holdId: string, idempotencyKey: string, opts: { forgetKey?: string } = {}): Promise<ReleaseAnswer> {
    const vendorId = holdVendorId(holdId);
    if (vendorId === null) return { ok: true, released: false };
    await this.ready(vendorId);
    const fingerprint = JSON.stringify(["releaseHold", holdId, opts.forgetKey ?? null]);
    const answer = this.ctx.storage.transactionSync((): ReleaseAnswer => {
      const replay = this.replay<ReleaseAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      const gone = this.sql.exec("DELETE FROM busy WHERE kind = 'hold' AND ref = ?", holdId).rowsWritten > 0;
      if (gone) this.changed("hold", holdId);
      if (opts.forgetKey) this.forget(opts.forgetKey, holdId);
      const out: ReleaseAnswer = { ok: true, released: gone };
      this.remember(idempotencyKey, "releaseHold", fingerprint, out);
      return out;
    });
    await this.afterChange();
    return answer;
  }

  /**
   * Turns a live hold into a booking for `orderRef` (checkout). Guarantees: the booking takes exactly the
   * hold's time; other jobs are not re-checked (the hold reserved the time against them), but in the same
   * synchronous section the hold is re-validated like a cart item (judgeLiveHold): time off added over it
   * refuses with CART_ITEM_NOT_AVAILABLE, hours the vendor no longer works with CART_ITEM_DATE_CHANGED,
   * and the hold stays until it lapses. An expired or unknown hold is CART_ITEM_NOT_AVAILABLE; confirming
   * the same hold for the same order again answers the same booking; a replayed key returns the first
   * answer. `settings` (optional) refreshes the object's copy like placeHold's. With `replaceBooking` an
   * order that already has a booking from another hold is moved: in the same synchronous section the old
   * booking goes and the hold becomes the order's booking (a reschedule never leaves the order with none
   * or with two).
   */
  async confirmHold(
    holdId: string,
    orderRef: string,
    idempotencyKey: string,
    now: number = Date.now(),
    settings?: VendorSettings,
    opts: { replaceBooking?: boolean } = {},
  ): Promise<ConfirmAnswer> {
    const vendorId = holdVendorId(holdId);
    const gone: Refusal = { ok: false, code: "CART_ITEM_NOT_AVAILABLE", reason: "hold-gone", alternative: null };
    if (vendorId === null) return gone;
    await this.ready(vendorId);
    const print: unknown[] = ["confirmHold", holdId, orderRef];
    if (opts.replaceBooking) print.push("replace");
    const fingerprint = JSON.stringify(print);
    const answer = this.ctx.storage.transactionSync((): ConfirmAnswer => {
      const replay = this.replay<ConfirmAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      this.purgeExpired(now);
      const booked = this.sql
        .exec<BusyRow>("SELECT * FROM busy WHERE kind = 'booking' AND ref = ?", orderRef)
        .toArray()[0];
      if (booked && !(opts.replaceBooking && booked.hold_id !== holdId)) {
        const out: ConfirmAnswer =
          booked.hold_id === holdId
            ? {
                ok: true,
                booking: {
                  orderRef,
                  holdId,
                  vendorId,
                  start: booked.start_ms,
                  end: booked.end_ms,
                  isConnect: booked.is_connect === 1,
                },
              }
            : {
                ok: false,
                code: "INVALID_INPUT",
                reason: "order-already-booked",
                fields: { orderRef: "This order already has a booking." },
                alternative: null,
              };
        this.remember(idempotencyKey, "confirmHold", fingerprint, out);
        return out;
      }
      const hold = this.sql.exec<BusyRow>("SELECT * FROM busy WHERE kind = 'hold' AND ref = ?", holdId).toArray()[0];
      if (!hold) {
        this.remember(idempotencyKey, "confirmHold", fingerprint, gone);
        return gone;
      }
      const current = settings ? this.freshest(settings) : this.settings;
      if (current) {
        const timeOff = this.sql
          .exec<BusyRow>(
            "SELECT * FROM busy WHERE kind = 'time_off' AND start_ms < ? AND end_ms > ?",
            hold.end_ms,
            hold.start_ms,
          )
          .toArray()
          .map((r) => ({ start: r.start_ms, end: r.end_ms }));
        const verdict = judgeLiveHold({
          settings: current,
          now,
          grantedAt: hold.created_at,
          start: hold.start_ms,
          durationMinutes: Math.round((hold.end_ms - hold.start_ms) / MINUTE_MS),
          isConnect: hold.is_connect === 1,
          timeOff,
        });
        if (verdict) {
          const out: Refusal = {
            ok: false,
            code: verdict,
            reason: verdict === "CART_ITEM_DATE_CHANGED" ? "outside-hours" : "blocked",
            alternative: null,
          };
          this.remember(idempotencyKey, "confirmHold", fingerprint, out);
          return out;
        }
      }
      this.sql.exec("DELETE FROM busy WHERE kind = 'hold' AND ref = ?", holdId);
      if (booked) this.sql.exec("DELETE FROM busy WHERE kind = 'booking' AND ref = ?", orderRef);
      this.sql.exec(
        "INSERT INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES ('booking', ?, ?, ?, ?, NULL, ?, ?)",
        orderRef,
        hold.start_ms,
        hold.end_ms,
        hold.is_connect,
        holdId,
        now,
      );
      this.changed("hold", holdId);
      this.changed("booking", orderRef);
      const out: ConfirmAnswer = {
        ok: true,
        booking: {
          orderRef,
          holdId,
          vendorId,
          start: hold.start_ms,
          end: hold.end_ms,
          isConnect: hold.is_connect === 1,
        },
      };
      this.remember(idempotencyKey, "confirmHold", fingerprint, out);
      return out;
    });
    await this.afterChange();
    return answer;
  }

  /**
   * Frees an order's booked time (the job was cancelled or given up). Releasing a booking that is not there
   * answers released: false. Idempotent by key.
   */
  async releaseBooking(vendorId: number, orderRef: string, idempotencyKey: string): Promise<ReleaseAnswer> {
    await this.ready(vendorId);
    const fingerprint = JSON.stringify(["releaseBooking", orderRef]);
    const answer = this.ctx.storage.transactionSync((): ReleaseAnswer => {
      const replay = this.replay<ReleaseAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      const gone = this.sql.exec("DELETE FROM busy WHERE kind = 'booking' AND ref = ?", orderRef).rowsWritten > 0;
      if (gone) this.changed("booking", orderRef);
      const out: ReleaseAnswer = { ok: true, released: gone };
      this.remember(idempotencyKey, "releaseBooking", fingerprint, out);
      return out;
    });
    await this.afterChange();
    return answer;
  }

  /**
   * Adds (or, for a known ref, moves) time off: hard unavailability for new holds. Existing holds and
   * bookings inside it are kept and returned as `overlaps` so the caller can tell the vendor. Idempotent.
   */
  async addTimeOff(
    req: { vendorId: number; ref: string; start: number; end: number; now?: number },
    idempotencyKey: string,
  ): Promise<TimeOffAnswer> {
    await this.ready(req.vendorId);
    const fingerprint = JSON.stringify(["addTimeOff", req.ref, req.start, req.end]);
    const now = req.now ?? Date.now();
    const answer = this.ctx.storage.transactionSync((): TimeOffAnswer => {
      const replay = this.replay<TimeOffAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      if (!(req.end > req.start) || !req.ref) {
        return {
          ok: false,
          code: "INVALID_INPUT",
          reason: "bad-interval",
          fields: { end: "Time off must end after it starts." },
          alternative: null,
        };
      }
      this.purgeExpired(now);
      this.sql.exec(
        `INSERT INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES ('time_off', ?, ?, ?, 0, NULL, NULL, ?)
         ON CONFLICT (kind, ref) DO UPDATE SET start_ms = excluded.start_ms, end_ms = excluded.end_ms`,
        req.ref,
        req.start,
        req.end,
        now,
      );
      this.changed("time_off", req.ref);
      const overlaps = this.sql
        .exec<BusyRow>(
          "SELECT * FROM busy WHERE kind IN ('hold', 'booking') AND start_ms < ? AND end_ms > ? ORDER BY start_ms",
          req.end,
          req.start,
        )
        .toArray()
        .map(toEntry);
      const out: TimeOffAnswer = { ok: true, timeOff: { ref: req.ref, start: req.start, end: req.end }, overlaps };
      this.remember(idempotencyKey, "addTimeOff", fingerprint, out);
      return out;
    });
    await this.afterChange();
    return answer;
  }

  /** Removes time off by its ref; removed: false when it was not there. Idempotent. */
  async removeTimeOff(req: { vendorId: number; ref: string }, idempotencyKey: string): Promise<ReleaseAnswer> {
    await this.ready(req.vendorId);
    const fingerprint = JSON.stringify(["removeTimeOff", req.ref]);
    const answer = this.ctx.storage.transactionSync((): ReleaseAnswer => {
      const replay = this.replay<ReleaseAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      const gone = this.sql.exec("DELETE FROM busy WHERE kind = 'time_off' AND ref = ?", req.ref).rowsWritten > 0;
      if (gone) this.changed("time_off", req.ref);
      const out: ReleaseAnswer = { ok: true, released: gone };
      this.remember(idempotencyKey, "removeTimeOff", fingerprint, out);
      return out;
    });
    await this.afterChange();
    return answer;
  }

  /**
   * The vendor's busy time as this object sees it (the truth, not the projection): holds not expired at
   * `now`, bookings and time off, by start. Reads only; `from`/`to` bound the starts.
   */
  async listBusy(req: { vendorId: number; now: number; from?: number; to?: number }): Promise<BusyEntry[]> {
    await this.ready(req.vendorId);
    return this.sql
      .exec<BusyRow>(
        `SELECT * FROM busy WHERE (kind <> 'hold' OR expires_at > ?) AND end_ms > ? AND start_ms < ? ORDER BY start_ms, kind, ref`,
        req.now,
        req.from ?? -8.64e15,
        req.to ?? 8.64e15,
      )
      .toArray()
      .map(toEntry);
  }

  /**
   * Re-validates cart holds (GET /booking/cart). A live hold stays "held" unless the vendor's hours moved
   * (CART_ITEM_DATE_CHANGED) or time off now covers it (CART_ITEM_NOT_AVAILABLE); a hold that lapsed or is
   * unknown is CART_ITEM_NOT_AVAILABLE. Refusals carry the free start nearest to the item's time. Reads only.
   */
  async validateHolds(req: { settings: VendorSettings; now: number; holds: HoldCheck[] }): Promise<HoldStatus[]> {
    await this.ready(req.settings.vendorId);
    const settings = this.ctx.storage.transactionSync(() => this.freshest(req.settings));
    const timeOff = this.sql
      .exec<BusyRow>("SELECT * FROM busy WHERE kind = 'time_off'")
      .toArray()
      .map((r) => ({ start: r.start_ms, end: r.end_ms }));
    let everything: BusyInterval[] | null = null;
    const alternativeFor = (h: HoldCheck): Alternative | null => {
      everything ??= this.allBusy(NOTHING_IGNORED, req.now);
      return nearestFreeStart({
        settings,
        now: req.now,
        start: h.start,
        durationMinutes: h.durationMinutes,
        isConnect: h.isConnect,
        busy: everything,
      });
    };
    return req.holds.map((h): HoldStatus => {
      const row = this.sql.exec<BusyRow>("SELECT * FROM busy WHERE kind = 'hold' AND ref = ?", h.holdId).toArray()[0];
      if (!row || row.expires_at === null || row.expires_at <= req.now) {
        const booked =
          this.sql.exec("SELECT 1 FROM busy WHERE kind = 'booking' AND hold_id = ?", h.holdId).toArray().length > 0;
        if (booked) return { holdId: h.holdId, state: "booked" };
        return { holdId: h.holdId, state: "expired", code: "CART_ITEM_NOT_AVAILABLE", alternative: alternativeFor(h) };
      }
      const verdict = judgeLiveHold({
        settings,
        now: req.now,
        grantedAt: row.created_at,
        start: row.start_ms,
        durationMinutes: Math.round((row.end_ms - row.start_ms) / MINUTE_MS),
        isConnect: row.is_connect === 1,
        timeOff,
      });
      if (verdict === null) return { holdId: h.holdId, state: "held", expiresAt: row.expires_at };
      return {
        holdId: h.holdId,
        state: verdict === "CART_ITEM_DATE_CHANGED" ? "moved" : "blocked",
        code: verdict,
        alternative: alternativeFor({ ...h, start: row.start_ms }),
      };
    });
  }

  /**
   * Housekeeping: deletes lapsed holds and old idempotency answers, retries a pending projection, and
   * sets the next alarm (earliest hold expiry, projection retry, idempotency retention).
   */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      this.purgeExpired(now);
      this.sql.exec("DELETE FROM idempotency WHERE created_at <= ?", now - IDEMPOTENCY_RETENTION_MS);
    });
    await this.flush();
    this.scheduleAlarm();
  }

  // ------------------------------------------------------------------------------------- internals

  /**
   * Pins the vendor id. On first use the object adopts the bookings and time off already in D1's
   * projection (seeded data and anything written before the object existed); no other call runs meanwhile.
   */
  private async ready(vendorId: number): Promise<void> {
    if (this.vendorId !== null) {
      if (this.vendorId !== vendorId)
        throw new Error(`VendorCalendar ${this.vendorId} was called for vendor ${vendorId}`);
      return;
    }
    const name = this.ctx.id.name;
    if (name !== undefined && name !== String(vendorId))
      throw new Error(`VendorCalendar ${name} was called for vendor ${vendorId}`);
    await this.ctx.blockConcurrencyWhile(async () => {
      if (this.vendorId !== null) return;
      const { results } = await this.env.DB.prepare(
        "SELECT kind, ref_id, starts_at, ends_at, is_connect FROM vendor_busy WHERE vendor_id = ? AND kind IN ('booking', 'time_off')",
      )
        .bind(vendorId)
        .all<{ kind: StoredKind; ref_id: string; starts_at: number; ends_at: number; is_connect: number }>();
      this.ctx.storage.transactionSync(() => {
        for (const r of results) {
          this.sql.exec(
            "INSERT OR IGNORE INTO busy (kind, ref, start_ms, end_ms, is_connect, expires_at, hold_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)",
            r.kind,
            r.ref_id,
            r.starts_at,
            r.ends_at,
            r.is_connect ? 1 : 0,
            Date.now(),
          );
        }
        this.setMeta("vendor_id", String(vendorId));
      });
      this.vendorId = vendorId;
    });
  }

  private setMeta(key: string, value: string): void {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }

  /** The newest settings snapshot: the caller's unless this object has already seen a newer version. */
  private freshest(passed: VendorSettings): VendorSettings {
    const held = this.settings;
    if (held && held.version > passed.version) return held;
    if (!held || passed.version > held.version) this.setMeta("settings", JSON.stringify(passed));
    this.settings = passed;
    return passed;
  }

  private replay<T>(key: string, fingerprint: string): T | null {
    const row = this.sql
      .exec<{ fingerprint: string; answer: string }>("SELECT fingerprint, answer FROM idempotency WHERE key = ?", key)
      .toArray()[0];
    if (!row) return null;
    if (row.fingerprint !== fingerprint) return invalidKey() as T;
    return { ...(JSON.parse(row.answer) as object), replayed: true } as T;
  }

  /** Drops the stored answer of `key` if it is the grant of `holdId`. */
  private forget(key: string, holdId: string): void {
    const row = this.sql
      .exec<{ answer: string }>("SELECT answer FROM idempotency WHERE key = ? AND op = 'placeHold'", key)
      .toArray()[0];
    if (!row) return;
    const answer = JSON.parse(row.answer) as HoldAnswer;
    if (answer.ok && answer.hold.holdId === holdId) this.sql.exec("DELETE FROM idempotency WHERE key = ?", key);
  }

  private remember(key: string, op: string, fingerprint: string, answer: unknown): void {
    this.sql.exec(
      "INSERT INTO idempotency (key, op, fingerprint, answer, created_at) VALUES (?, ?, ?, ?, ?)",
      key,
      op,
      fingerprint,
      JSON.stringify(answer),
      Date.now(),
    );
  }

  /** Marks a ref for projection to D1 (the outbox keeps the latest change per ref). */
  private changed(kind: StoredKind, ref: string): void {
    this.seq += 1;
    this.setMeta("seq", String(this.seq));
    this.sql.exec(
      "INSERT INTO outbox (kind, ref, seq) VALUES (?, ?, ?) ON CONFLICT (kind, ref) DO UPDATE SET seq = excluded.seq",
      kind,
      ref,
      this.seq,
    );
  }

  /** Deletes holds that lapsed by `now` (they already stopped counting in every check). */
  private purgeExpired(now: number): void {
    const lapsed = this.sql
      .exec<{ ref: string }>("SELECT ref FROM busy WHERE kind = 'hold' AND expires_at <= ?", now)
      .toArray();
    for (const { ref } of lapsed) {
      this.sql.exec("DELETE FROM busy WHERE kind = 'hold' AND ref = ?", ref);
      this.changed("hold", ref);
    }
  }

  /** Busy time that can matter to a job in [start, end): anything within two days either side. */
  private busyAround(start: number, end: number, ignore: Ignored): BusyInterval[] {
    return this.sql
      .exec<BusyRow>("SELECT * FROM busy WHERE end_ms > ? AND start_ms < ?", start - 2 * DAY_MS, end + 2 * DAY_MS)
      .toArray()
      .filter((r) => !isIgnored(r, ignore))
      .map(toBusyInterval);
  }

  /** Every busy interval, holds lapsed by `now` excluded (for alternatives over the horizon). */
  private allBusy(ignore: Ignored, now?: number): BusyInterval[] {
    return this.sql
      .exec<BusyRow>("SELECT * FROM busy")
      .toArray()
      .filter((r) => !isIgnored(r, ignore) && !(r.kind === "hold" && now !== undefined && (r.expires_at ?? 0) <= now))
      .map(toBusyInterval);
  }

  private async afterChange(): Promise<void> {
    this.scheduleAlarm();
    await this.flush();
  }

  /** Projects the outbox to D1; resolves true once it is empty, false when D1 failed (the alarm retries). */
  private flush(): Promise<boolean> {
    // A drain in flight re-reads the outbox after every round until it is empty, so it also carries
    // changes written while it waited on D1: joining it is enough.
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<boolean> {
    const vendorId = this.vendorId;
    if (vendorId === null) return true;
    for (;;) {
      const pending = this.sql
        .exec<{ kind: StoredKind; ref: string; seq: number }>(
          "SELECT kind, ref, seq FROM outbox ORDER BY seq LIMIT 100",
        )
        .toArray();
      if (pending.length === 0) {
        this.sql.exec("DELETE FROM meta WHERE key = 'projection_failures'");
        return true;
      }
      const db = this.env.DB;
      const stamp = Date.now();
      const statements: D1PreparedStatement[] = [];
      for (const p of pending) {
        statements.push(
          db
            .prepare("DELETE FROM vendor_busy WHERE vendor_id = ? AND kind = ? AND ref_id = ?")
            .bind(vendorId, p.kind, p.ref),
        );
        const row = this.sql.exec<BusyRow>("SELECT * FROM busy WHERE kind = ? AND ref = ?", p.kind, p.ref).toArray()[0];
        if (row) {
          statements.push(
            db
              .prepare(
                "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
              )
              .bind(vendorId, row.start_ms, row.end_ms, row.kind, row.ref, row.is_connect, row.expires_at, stamp),
          );
        }
      }
      try {
        await db.batch(statements);
      } catch (err) {
        const failures =
          Number(
            this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'projection_failures'").toArray()[0]
              ?.value ?? 0,
          ) + 1;
        const retryAt = Date.now() + Math.min(PROJECTION_RETRY_MAX_MS, PROJECTION_RETRY_MS * 2 ** (failures - 1));
        this.ctx.storage.transactionSync(() => {
          this.setMeta("projection_failures", String(failures));
          this.setMeta("projection_retry_at", String(retryAt));
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
        this.scheduleAlarm();
        return false;
      }
      for (const p of pending)
        this.sql.exec("DELETE FROM outbox WHERE kind = ? AND ref = ? AND seq = ?", p.kind, p.ref, p.seq);
    }
  }

  /** Sets the alarm to the earliest of: next hold expiry, projection retry, idempotency retention. */
  private scheduleAlarm(): void {
    const candidates: number[] = [];
    const expiry = this.sql
      .exec<{ t: number | null }>("SELECT min(expires_at) AS t FROM busy WHERE kind = 'hold'")
      .one().t;
    if (expiry !== null) candidates.push(expiry);
    if (this.sql.exec("SELECT 1 FROM outbox LIMIT 1").toArray().length > 0) {
      const retryAt = Number(
        this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'projection_retry_at'").toArray()[0]
          ?.value ?? 0,
      );
      candidates.push(Math.max(retryAt, Date.now() + PROJECTION_RETRY_MS));
    }
    const oldest = this.sql.exec<{ t: number | null }>("SELECT min(created_at) AS t FROM idempotency").one().t;
    if (oldest !== null) candidates.push(oldest + IDEMPOTENCY_RETENTION_MS);
    if (candidates.length === 0) return;
    const next = Math.min(...candidates);
    if (this.alarmAt !== null && this.alarmAt <= next && this.alarmAt > Date.now()) return;
    this.alarmAt = next;
    this.ctx.storage.setAlarm(next).catch((err) => {
      this.alarmAt = null;
      console.error(JSON.stringify({ at: "VendorCalendar.setAlarm", vendor_id: this.vendorId, error: String(err) }));
    });
  }
}
