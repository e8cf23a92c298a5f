/**
 * VendorCalendar: one Durable Object per vendor (`idFromName(String(vendor_id))`), the only writer of that
 * vendor's busy time (docs/architecture.md section 3 "Calendar authority and fast search"). Decisions are recorded in
 * docs/decisions/011-holds-and-cart.md.
 *
 * The class holds the guarantees and the RPC surface; storage, idempotency and the D1 projection live in
 * durable/calendar/ beside it, and the hold rules in domain/calendar/hold-rules.ts (shared with search).
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
 *    stays in an outbox and the alarm retries it. Holds answer while their projection is on its way (it
 *    starts with the answer); bookings and time off answer once it has landed.
 * 6. Hold the vendor's open dashboards as hibernating WebSockets and push job events to them (notify); no
 *    timer keeps the object awake (docs/decisions/046-live-offers.md).
 * 7. Watch the jobs it booked at checkout until a pro accepts them: its alarm runs their offer rounds and the
 *    cut-off refund (worker/jobs/offer-rounds.ts).
 *
 * Time (docs/decisions/045-one-clock-per-path.md): one clock per path, never mixed. A call's path uses only
 * the `now` its caller passes (the Worker's request clock) for rules, expiry, idempotency stamps and the
 * alarm it arms; the alarm, which no caller starts, uses the object's own clock (`ownNow`). In production
 * both are the real time. The test entry (worker/test-entry.ts) subclasses the object so that its own clock
 * follows the latest time its callers passed, which keeps alarms on the tests' timeline on any real date.
 */
import { DurableObject } from "cloudflare:workers";
import type { BusyInterval } from "../domain/calendar/availability";
import { judgeHold, judgeLiveHold, nearestFreeStart, type JudgeInput } from "../domain/calendar/hold-rules";
import { MINUTE_MS } from "../domain/calendar/time";
import { BUSY_SCHEMA, BusyStore, NOTHING_IGNORED, toEntry, type Ignored } from "./calendar/busy-store";
import { IDEMPOTENCY_SCHEMA, IdempotencyStore } from "./calendar/idempotency";
import { META_SCHEMA, Meta } from "./calendar/meta";
import {
  acceptDashboard,
  broadcast,
  closeDashboards,
  enableAutoPong,
  LIVE_CLOSE_ACCOUNT_CLOSED,
  LIVE_CLOSE_SESSION_ENDED,
} from "./calendar/live";
import { OFFER_WATCH_SCHEMA, OfferWatch } from "./calendar/offer-watch";
import { OUTBOX_SCHEMA, Projection } from "./calendar/projection";
import { MAX_LIVE_SOCKETS, type VendorLiveEvent } from "../schema/payloads/vendor-live";
import { messageFor } from "../domain/messages";
// eslint-disable-next-line boundaries/dependencies -- issue 22 item 1 cuts this import on its own branch; remove this line at the merge
import { advanceOffers } from "../worker/jobs/offer-rounds";
import {
  HOLD_TTL_MS,
  MAX_HOLD_TTL_MS,
  holdVendorId,
  type Alternative,
  type BusyEntry,
  type ConfirmAnswer,
  type HoldAnswer,
  type HoldCheck,
  type HoldInfo,
  type HoldStatus,
  type PlaceHoldRequest,
  type Refusal,
  type ReleaseAnswer,
  type TimeOffAnswer,
  type VendorSettings,
} from "./calendar/rpc-types";

export * from "./calendar/rpc-types";
export { judgeHold, judgeLiveHold, nearestFreeStart, type JudgeInput } from "../domain/calendar/hold-rules";

/** Meta keys of the live dashboards: the account's bar, and each ended session (with when it ended). */
const LIVE_BARRED = "live_barred";
const ENDED_SESSION = "ended_session:";
const ENDED_SESSION_KEEP_MS = 31 * 24 * 60 * 60 * 1000;

export class VendorCalendar extends DurableObject<Env> {
  private readonly meta: Meta;
  private readonly busy: BusyStore;
  private readonly idem: IdempotencyStore;
  private readonly projection: Projection;
  private readonly watch: OfferWatch;
  private vendorId: number | null = null;
  private settings: VendorSettings | null = null;
  /** The alarm time last set by this instance (null: unknown or none). */
  private alarmAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(META_SCHEMA + BUSY_SCHEMA + IDEMPOTENCY_SCHEMA + OUTBOX_SCHEMA + OFFER_WATCH_SCHEMA);
    this.meta = new Meta(sql);
    this.busy = new BusyStore(sql);
    this.idem = new IdempotencyStore(sql);
    this.projection = new Projection(sql, this.meta, this.busy, ctx.storage, env.DB, (now) => this.scheduleAlarm(now));
    this.watch = new OfferWatch(sql);
    enableAutoPong(ctx);
    const meta = this.meta.all();
    if (meta.has("vendor_id")) this.vendorId = Number(meta.get("vendor_id"));
    if (meta.has("settings")) this.settings = JSON.parse(meta.get("settings")!) as VendorSettings;
  }

  // ------------------------------------------------------------------------------------ public RPC

  /**
   * Holds `start` for `durationMinutes` if the vendor is free then (the rules of domain/calendar isFreeAt,
   * against this object's own holds, bookings and time off; `ignoreHoldIds` are left out of the check).
   * Guarantees: the check and the write happen in one synchronous section, so of any number of concurrent
   * requests for overlapping times at most one is granted; a replayed idempotency key returns the first
   * answer (grant or refusal) without re-checking; the hold lapses after `ttlMs` (default HOLD_TTL_MS);
   * `ignoreBookings` leaves a booking being rescheduled out of the check. The D1 projection starts with the
   * answer and lands right after it (`projected` waits for it); when D1 fails, the alarm retries it.
   */
  async placeHold(req: PlaceHoldRequest): Promise<HoldAnswer> {
    await this.enter(req.settings.vendorId, req.now);
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
      const replay = this.idem.replay<HoldAnswer>(req.idempotencyKey, fingerprint);
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
        judge.busy = this.busy.around(req.start, end, ignored);
        const refusal = judgeHold(judge);
        if (refusal) {
          const alternative =
            refusal.code === "INVALID_INPUT" || refusal.code === "RELIABILITY_TOO_LOW"
              ? null
              : nearestFreeStart({ ...judge, busy: this.busy.all(ignored) });
          const out: Refusal = { ...refusal, alternative };
          this.idem.remember(req.idempotencyKey, "placeHold", fingerprint, out, req.now);
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
      this.busy.insert({
        kind: "hold",
        ref: hold.holdId,
        start_ms: hold.start,
        end_ms: hold.end,
        is_connect: isConnect ? 1 : 0,
        expires_at: hold.expiresAt,
        created_at: hold.createdAt,
      });
      this.projection.changed("hold", hold.holdId);
      const out: HoldAnswer = { ok: true, hold };
      this.idem.remember(req.idempotencyKey, "placeHold", fingerprint, out, req.now);
      return out;
    });
    this.projectInBackground(req.now);
    return answer;
  }

  /**
   * Lets a hold go (a cart item removed, moved or cleared). Releasing a hold that is gone (expired,
   * released, never existed) answers released: false. Idempotent by key. `forgetKey` undoes a grant
   * completely: the placeHold answer stored under that key (if it granted this hold) is dropped too, so a
   * retry of a request whose follow-up write failed starts afresh instead of replaying a released hold.
   */
  async releaseHold(
    holdId: string,
    idempotencyKey: string,
    now: number,
    opts: { forgetKey?: string } = {},
  ): Promise<ReleaseAnswer> {
    const vendorId = holdVendorId(holdId);
    if (vendorId === null) return { ok: true, released: false };
    await this.enter(vendorId, now);
    const fingerprint = JSON.stringify(["releaseHold", holdId, opts.forgetKey ?? null]);
    const answer = this.ctx.storage.transactionSync((): ReleaseAnswer => {
      const replay = this.idem.replay<ReleaseAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      const gone = this.busy.delete("hold", holdId);
      if (gone) this.projection.changed("hold", holdId);
      if (opts.forgetKey) {
        this.idem.forget(opts.forgetKey, "placeHold", (a) => {
          const answer = a as HoldAnswer;
          return answer.ok && answer.hold.holdId === holdId;
        });
      }
      const out: ReleaseAnswer = { ok: true, released: gone };
      this.idem.remember(idempotencyKey, "releaseHold", fingerprint, out, now);
      return out;
    });
    this.projectInBackground(now);
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
    now: number,
    settings?: VendorSettings,
    opts: { replaceBooking?: boolean } = {},
  ): Promise<ConfirmAnswer> {
    const vendorId = holdVendorId(holdId);
    const gone: Refusal = { ok: false, code: "CART_ITEM_NOT_AVAILABLE", reason: "hold-gone", alternative: null };
    if (vendorId === null) return gone;
    await this.enter(vendorId, now);
    const print: unknown[] = ["confirmHold", holdId, orderRef];
    if (opts.replaceBooking) print.push("replace");
    const fingerprint = JSON.stringify(print);
    const answer = this.ctx.storage.transactionSync((): ConfirmAnswer => {
      const replay = this.idem.replay<ConfirmAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      this.purgeExpired(now);
      const booked = this.busy.find("booking", orderRef);
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
        this.idem.remember(idempotencyKey, "confirmHold", fingerprint, out, now);
        return out;
      }
      const hold = this.busy.find("hold", holdId);
      if (!hold) {
        this.idem.remember(idempotencyKey, "confirmHold", fingerprint, gone, now);
        return gone;
      }
      const current = settings ? this.freshest(settings) : this.settings;
      if (current) {
        const timeOff = this.busy
          .overlapping(["time_off"], hold.start_ms, hold.end_ms)
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
          this.idem.remember(idempotencyKey, "confirmHold", fingerprint, out, now);
          return out;
        }
      }
      this.busy.delete("hold", holdId);
      if (booked) this.busy.delete("booking", orderRef);
      this.busy.insert({
        kind: "booking",
        ref: orderRef,
        start_ms: hold.start_ms,
        end_ms: hold.end_ms,
        is_connect: hold.is_connect,
        hold_id: holdId,
        created_at: now,
      });
      this.projection.changed("hold", holdId);
      this.projection.changed("booking", orderRef);
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
      this.idem.remember(idempotencyKey, "confirmHold", fingerprint, out, now);
      return out;
    });
    await this.afterChange(now);
    return answer;
  }

  /**
   * Frees an order's booked time (the job was cancelled or given up). Releasing a booking that is not there
   * answers released: false. Idempotent by key.
   */
  async releaseBooking(
    vendorId: number,
    orderRef: string,
    idempotencyKey: string,
    now: number,
  ): Promise<ReleaseAnswer> {
    await this.enter(vendorId, now);
    const fingerprint = JSON.stringify(["releaseBooking", orderRef]);
    const answer = this.ctx.storage.transactionSync((): ReleaseAnswer => {
      const replay = this.idem.replay<ReleaseAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      const gone = this.busy.delete("booking", orderRef);
      if (gone) this.projection.changed("booking", orderRef);
      const out: ReleaseAnswer = { ok: true, released: gone };
      this.idem.remember(idempotencyKey, "releaseBooking", fingerprint, out, now);
      return out;
    });
    await this.afterChange(now);
    return answer;
  }

  /**
   * Adds (or, for a known ref, moves) time off: hard unavailability for new holds. Existing holds and
   * bookings inside it are kept and returned as `overlaps` so the caller can tell the vendor. Idempotent.
   */
  async addTimeOff(
    req: {
      vendorId: number;
      ref: string;
      start: number;
      end: number;
      now: number;
      /** Refuse (TIME_OFF_OVERLAPS_JOB) instead of reporting when a booked job is inside it. */
      refuseOverBookings?: boolean;
    },
    idempotencyKey: string,
  ): Promise<TimeOffAnswer> {
    const now = req.now;
    await this.enter(req.vendorId, now);
    const print: unknown[] = ["addTimeOff", req.ref, req.start, req.end];
    if (req.refuseOverBookings) print.push("strict");
    const fingerprint = JSON.stringify(print);
    const answer = this.ctx.storage.transactionSync((): TimeOffAnswer => {
      const replay = this.idem.replay<TimeOffAnswer>(idempotencyKey, fingerprint);
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
      if (req.refuseOverBookings) {
        const jobs = this.busy.overlapping(["booking"], req.start, req.end);
        if (jobs.length > 0) {
          const out: Refusal = {
            ok: false,
            code: "TIME_OFF_OVERLAPS_JOB",
            reason: "overlaps-booking",
            fields: { start: jobs.map((j) => j.ref).join(",") },
            alternative: null,
          };
          this.idem.remember(idempotencyKey, "addTimeOff", fingerprint, out, now);
          return out;
        }
      }
      this.busy.upsertTimeOff(req.ref, req.start, req.end, now);
      this.projection.changed("time_off", req.ref);
      const overlaps = this.busy.overlapping(["hold", "booking"], req.start, req.end).map(toEntry);
      const out: TimeOffAnswer = { ok: true, timeOff: { ref: req.ref, start: req.start, end: req.end }, overlaps };
      this.idem.remember(idempotencyKey, "addTimeOff", fingerprint, out, now);
      return out;
    });
    await this.afterChange(now);
    return answer;
  }

  /** Removes time off by its ref; removed: false when it was not there. Idempotent. */
  async removeTimeOff(
    req: { vendorId: number; ref: string; now: number },
    idempotencyKey: string,
  ): Promise<ReleaseAnswer> {
    await this.enter(req.vendorId, req.now);
    const fingerprint = JSON.stringify(["removeTimeOff", req.ref]);
    const answer = this.ctx.storage.transactionSync((): ReleaseAnswer => {
      const replay = this.idem.replay<ReleaseAnswer>(idempotencyKey, fingerprint);
      if (replay) return replay;
      const gone = this.busy.delete("time_off", req.ref);
      if (gone) this.projection.changed("time_off", req.ref);
      const out: ReleaseAnswer = { ok: true, released: gone };
      this.idem.remember(idempotencyKey, "removeTimeOff", fingerprint, out, req.now);
      return out;
    });
    await this.afterChange(req.now);
    return answer;
  }

  /**
   * The vendor's busy time as this object sees it (the truth, not the projection): holds not expired at
   * `now`, bookings and time off, by start. Reads only; `from`/`to` bound the starts.
   */
  async listBusy(req: { vendorId: number; now: number; from?: number; to?: number }): Promise<BusyEntry[]> {
    await this.enter(req.vendorId, req.now);
    return this.busy.list(req.now, req.from, req.to);
  }

  /**
   * Waits until every change made so far is in D1's `vendor_busy` (true), or the projection failed and the
   * alarm will retry it (false). For callers that read the projection right after their own hold: tests, and
   * the benches that count projected rows.
   */
  async projected(req: { vendorId: number; now: number }): Promise<boolean> {
    await this.enter(req.vendorId, req.now);
    return this.flush(req.now);
  }

  /**
   * Re-validates cart holds (GET /booking/cart). A live hold stays "held" unless the vendor's hours moved
   * (CART_ITEM_DATE_CHANGED) or time off now covers it (CART_ITEM_NOT_AVAILABLE); a hold that lapsed or is
   * unknown is CART_ITEM_NOT_AVAILABLE. Refusals carry the free start nearest to the item's time. Reads only.
   */
  async validateHolds(req: { settings: VendorSettings; now: number; holds: HoldCheck[] }): Promise<HoldStatus[]> {
    await this.enter(req.settings.vendorId, req.now);
    const settings = this.ctx.storage.transactionSync(() => this.freshest(req.settings));
    const timeOff = this.busy.timeOff();
    let everything: BusyInterval[] | null = null;
    const alternativeFor = (h: HoldCheck): Alternative | null => {
      everything ??= this.busy.all(NOTHING_IGNORED, req.now);
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
      const row = this.busy.find("hold", h.holdId);
      if (!row || row.expires_at === null || row.expires_at <= req.now) {
        if (this.busy.bookedFrom(h.holdId)) return { holdId: h.holdId, state: "booked" };
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
    const now = this.ownNow();
    this.ctx.storage.transactionSync(() => {
      this.purgeExpired(now);
      this.idem.prune(now);
    });
    await this.flush(now);
    await this.advanceWatchedOffers(now);
    this.scheduleAlarm(now);
  }

  // ------------------------------------------------------------------------------ live dashboards and offers

  /**
   * A dashboard socket (GET /api/vendor/me/live). The Worker has checked the session and the vendor role and
   * forwards the upgrade with the vendor id and its request time; the socket hibernates with the object.
   */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const vendorId = Number(url.searchParams.get("vendor"));
    const now = Number(url.searchParams.get("now"));
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const session = url.searchParams.get("session") ?? "";
    if (!Number.isSafeInteger(vendorId) || vendorId <= 0 || !Number.isFinite(now) || !/^[0-9a-f]{64}$/.test(session))
      return new Response("Bad request", { status: 400 });
    await this.enter(vendorId, now);
    // The Worker checked the account and the session; these close the race with a termination or a logout
    // that lands between that check and this accept.
    if (this.meta.get(LIVE_BARRED) === "1") return new Response("Account closed", { status: 403 });
    if (this.meta.get(ENDED_SESSION + session) !== undefined) return new Response("Session ended", { status: 401 });
    // At most MAX_LIVE_SOCKETS per pro (decision 126). The count and the accept run with no await between
    // them, so sockets racing in cannot pass the limit together.
    if (this.ctx.getWebSockets().length >= MAX_LIVE_SOCKETS) {
      return Response.json(
        { error: { code: "LIVE_TOO_MANY_SOCKETS", message: messageFor("LIVE_TOO_MANY_SOCKETS") } },
        { status: 429 },
      );
    }
    return acceptDashboard(this.ctx, now, session);
  }

  /**
   * Ends live dashboards (docs/decisions/118-vendor-account-states.md). With `session` (a logout): closes the
   * sockets that session opened and refuses it any new one. Without (a password change ending every
   * session, a deactivation, a termination): closes them all; `bar` also refuses every new socket until
   * `reopenDashboards`. Answers how many sockets it closed; safe to call twice.
   */
  async endDashboards(input: { session?: string; bar?: boolean; now: number }): Promise<number> {
    const { session, bar, now } = input;
    if (session) {
      // Sessions never repeat (random tokens): a record older than a session's life is dropped.
      this.ctx.storage.sql.exec(
        "DELETE FROM meta WHERE key LIKE ? AND CAST(value AS INTEGER) < ?",
        `${ENDED_SESSION}%`,
        now - ENDED_SESSION_KEEP_MS,
      );
      this.meta.set(ENDED_SESSION + session, String(now));
      return closeDashboards(this.ctx, session, LIVE_CLOSE_SESSION_ENDED, "session_ended", now);
    }
    if (bar) this.meta.set(LIVE_BARRED, "1");
    return closeDashboards(
      this.ctx,
      null,
      bar ? LIVE_CLOSE_ACCOUNT_CLOSED : LIVE_CLOSE_SESSION_ENDED,
      bar ? "account_closed" : "session_ended",
      now,
    );
  }

  /** Lets dashboards connect again after a bar (staff reactivated the pro). */
  async reopenDashboards(): Promise<void> {
    this.meta.delete(LIVE_BARRED);
  }

  /**
   * Dashboards send nothing but keep-alive pings (answered by the runtime); anything else is ignored, and not
   * logged: a client flooding its socket must not flood the logs.
   */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    console.warn(
      JSON.stringify({ at: "VendorCalendar.webSocketError", vendor_id: this.vendorId, error: String(error) }),
    );
    await this.webSocketClose(ws, 1011);
  }

  /** Pushes an event to this vendor's open dashboards; answers how many it reached. Never touches the calendar. */
  async notify(event: VendorLiveEvent): Promise<number> {
    return broadcast(this.ctx, event);
  }

  /**
   * Watches jobs booked here at checkout until a pro accepts them: at each `dueAt` the alarm advances their
   * offers (worker/jobs/offer-rounds.ts: lapse a round, offer the next pros, refund at the cut-off).
   */
  async watchOffers(req: { vendorId: number; now: number; jobs: Array<{ serviceOrderId: number; dueAt: number }> }) {
    await this.enter(req.vendorId, req.now);
    this.ctx.storage.transactionSync(() => {
      for (const j of req.jobs) this.watch.set(j.serviceOrderId, j.dueAt);
    });
    this.scheduleAlarm(req.now);
  }

  /** The alarm's offer step: each due job advanced once; a failure is retried a minute later. */
  private async advanceWatchedOffers(now: number): Promise<void> {
    for (const soId of this.watch.due(now)) {
      try {
        const progress = await advanceOffers(this.env, soId, now);
        if ("next" in progress) this.watch.set(soId, progress.next);
        else this.watch.stop(soId);
        if ("done" in progress && progress.done === "cancelled" && this.vendorId !== null) {
          await this.releaseBooking(this.vendorId, String(soId), `offers:${soId}:no-pro`, now);
        }
      } catch (err) {
        this.watch.set(soId, now + MINUTE_MS);
        console.error(
          JSON.stringify({ at: "VendorCalendar.offers", vendor_id: this.vendorId, soId, error: String(err) }),
        );
      }
    }
  }

  // ----------------------------------------------------------------------------------- the two clocks

  /** The object's own clock: the time of work no caller started (the alarm). */
  protected ownNow(): number {
    return Date.now();
  }

  /** Arms the platform alarm for instant `at` (on the clock of the path that arms it). */
  protected armAlarm(at: number, _now: number): Promise<void> {
    return this.ctx.storage.setAlarm(at);
  }

  /** Every call's path starts here with its caller's time (production needs nothing from it). */
  protected noteCallerTime(_now: number): void {}

  // ------------------------------------------------------------------------------------- internals

  private async enter(vendorId: number, now: number): Promise<void> {
    this.noteCallerTime(now);
    await this.ready(vendorId, now);
  }

  /**
   * Pins the vendor id. On first use the object adopts the bookings and time off already in D1's
   * projection (seeded data and anything written before the object existed); no other call runs meanwhile.
   */
  private async ready(vendorId: number, now: number): Promise<void> {
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
        .all<{
          kind: "booking" | "time_off";
          ref_id: string;
          starts_at: number;
          ends_at: number;
          is_connect: number;
        }>();
      this.ctx.storage.transactionSync(() => {
        for (const r of results) this.busy.adopt(r.kind, r.ref_id, r.starts_at, r.ends_at, !!r.is_connect, now);
        this.meta.set("vendor_id", String(vendorId));
      });
      this.vendorId = vendorId;
    });
  }

  /** The newest settings snapshot: the caller's unless this object has already seen a newer version. */
  private freshest(passed: VendorSettings): VendorSettings {
    const held = this.settings;
    if (held && held.version > passed.version) return held;
    if (!held || passed.version > held.version) this.meta.set("settings", JSON.stringify(passed));
    this.settings = passed;
    return passed;
  }

  /** Deletes holds that lapsed by `now` and marks them for projection. */
  private purgeExpired(now: number): void {
    for (const ref of this.busy.purgeExpired(now)) this.projection.changed("hold", ref);
  }

  private async afterChange(now: number): Promise<void> {
    this.scheduleAlarm(now);
    await this.flush(now);
  }

  /**
   * Holds answer before their projection lands (docs/decisions/047-holds-off-the-projection-path.md): the
   * flush starts at the same moment as when the answer waited for it, so search offers a taken time no
   * longer than before, but the holder no longer waits a D1 round trip, and concurrent holds share rounds.
   */
  private projectInBackground(now: number): void {
    this.scheduleAlarm(now);
    this.ctx.waitUntil(
      this.flush(now).catch((err) => {
        console.error(
          JSON.stringify({ at: "VendorCalendar.projection", vendor_id: this.vendorId, error: String(err) }),
        );
        this.scheduleAlarm(now);
      }),
    );
  }

  private flush(now: number): Promise<boolean> {
    return this.projection.flush(this.vendorId, now);
  }

  /** Sets the alarm to the earliest of: next hold expiry, projection retry, idempotency retention, offers due. */
  private scheduleAlarm(now: number): void {
    const candidates = [
      this.busy.nextExpiry(),
      this.projection.nextRetry(now),
      this.idem.nextPrune(),
      this.watch.nextDue(),
    ].filter((t): t is number => t !== null);
    if (candidates.length === 0) return;
    const next = Math.min(...candidates);
    if (this.alarmAt !== null && this.alarmAt <= next && this.alarmAt > now) return;
    this.alarmAt = next;
    this.armAlarm(next, now).catch((err) => {
      this.alarmAt = null;
      console.error(JSON.stringify({ at: "VendorCalendar.setAlarm", vendor_id: this.vendorId, error: String(err) }));
    });
  }
}
