import { formatWhen } from "../../domain/slot-format";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso, MINUTE_MS, parseLocal } from "../../domain/calendar/time";
import { messageFor, type MessageCode } from "../../domain/messages";
import { canRequestReschedule, rescheduleDeadline } from "../../domain/order-rules";
import { isOpenStatus, ScheduledStatus, ServiceOrderStatus } from "../../domain/order-status";
import { users } from "../../schema/tables/accounts";
import { rescheduleRequests, serviceOrders } from "../../schema/tables/orders";
import { sendSms } from "../adapters/sms";
import { notifyVendor } from "../calendar/notify-vendor";
import { notifyOrderChanged } from "./notify-customer";
import { calendarFor, refusalError } from "../calendar/calendar-client";
import { loadSettings } from "../calendar/market";
import type { VendorSettings } from "../../durable/calendar/rpc-types";
import { fail } from "../http/errors";
import { d1Batch } from "./d1-batch";
import { paymentsFromEnv } from "../adapters/payments";
import { chargeableDifference } from "../../domain/reschedule-pricing";
import {
  awaitingPayment,
  chosenOption,
  paymentOf,
  paymentSettledSql,
  priceChange,
  refundJobDifferences,
  settleDifference,
  type PaymentRow,
} from "./reschedule-price";
import { firstName, jobById, ownJob, type JobRow } from "./jobs";
import { reschedulePayments } from "../../schema/tables/reschedule-payments";

/**
 * A customer's reschedule needs the vendor's consent (docs/product.md sections 1 and 4;
 * docs/decisions/033-cancellation-and-reschedule.md). The request holds the new time on the vendor calendar
 * (a provisional hold that lasts until the request lapses, the job's own booking left out of the check) and
 * texts the vendor; the vendor's acceptance moves the booking onto the hold in one step, a refusal lets
 * the hold go. The calendar object is the authority over time; D1 follows it, and every write is
 * conditional on the state it read, so a cancellation racing an answer never leaves a booking behind.
 */

export interface RescheduleRequestView {
  request_id: number;
  service_order_id: number;
  status: "pending" | "accepted" | "declined" | "expired" | "cancelled";
  /** The current and the asked time, YYYY-MM-DD HH:MM in the service zone. */
  from: string;
  selectedDate: string;
  time_zone: string;
  /** ISO-8601 UTC: when an unanswered request lapses. */
  expires_at: string | null;
  message: string;
  /**
   * A customer's request that changes the appointment's length (docs/decisions/067): the new option and the
   * price difference; `checkout_url` when the difference must be paid before the pro sees the request.
   */
  change?: RescheduleChangeView | null;
}

export interface RescheduleChangeView {
  service_id: number;
  job_minutes: number;
  difference_cents: number;
  charge_status: PaymentRow["charge_status"];
  checkout_url: string | null;
}

export function changeView(r: RequestRow, p: PaymentRow | null): RescheduleChangeView | null {
  if (r.to_service_id === null || !p) return null;
  return {
    service_id: r.to_service_id,
    job_minutes: r.to_job_minutes ?? 0,
    difference_cents: p.difference_cents,
    charge_status: p.charge_status,
    checkout_url: awaitingPayment(p) ? `/checkout/reschedule?request_id=${r.reschedule_id}` : null,
  };
}

export type RequestRow = typeof rescheduleRequests.$inferSelect;

export function view(r: RequestRow, tz: string, message: MessageCode, now: number): RescheduleRequestView {
  const lapsed = r.status === "pending" && r.expires_at !== null && r.expires_at <= now;
  return {
    request_id: r.reschedule_id,
    service_order_id: r.service_order_id,
    status: lapsed ? "expired" : r.status,
    from: formatLocal(r.from_time, tz),
    selectedDate: formatLocal(r.to_time, tz),
    time_zone: tz,
    expires_at: r.expires_at === null ? null : iso(r.expires_at),
    message: messageFor(message),
  };
}

const notReschedulable = (field = "service_order_id", why = "This service can't be moved.") =>
  fail("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA", { [field]: why });

/** Lets holds go; a hold that cannot be released lapses on its own. */
export async function releaseHolds(
  env: Env,
  vendorId: number,
  holdIds: readonly (string | null)[],
  why: string,
  now: number,
) {
  for (const holdId of holdIds) {
    if (!holdId) continue;
    try {
      await calendarFor(env, vendorId).releaseHold(holdId, `${why}:${holdId}`, now);
    } catch (err) {
      console.error(JSON.stringify({ at: "reschedule.releaseHold", vendor_id: vendorId, holdId, error: String(err) }));
    }
  }
}

/** A new time one side asks for: the job, who asks, and the vendor whose calendar holds the time. */
export interface OpenRequest {
  by: "customer" | "vendor";
  byUserId: number;
  vendorId: number;
  settings: VendorSettings;
  job: {
    service_order_id: number;
    promised_arrival_time: number;
    job_minutes: number;
    is_connect: boolean;
    time_zone: string;
  };
  start: number;
  reason: string | null;
  /** An earlier request this one repeats (a double click): answered instead of a new one. */
  isRepeat: (r: RequestRow) => boolean;
  /** The calendar no longer knows the attempt's key (it lapsed): this side's refusal. */
  refuseStale: () => never;
  /**
   * Another length of the service (docs/decisions/067): the new time is held for its minutes, and the price
   * difference row is written in the same batch as the request.
   */
  change?: { serviceId: number; minutes: number; payment: NewPayment } | null;
}

/** The reschedule_payments figures of a request that changes the job's length. */
export type NewPayment = Omit<
  typeof reschedulePayments.$inferInsert,
  "reschedule_id" | "created_at" | "updated_at" | "refund_status" | "refund_id" | "refund_cents" | "credit_return_cents"
>;

/**
 * Opens a reschedule request, the same way for a customer's request and a pro's proposal: the new time is held
 * on the vendor's calendar until the request lapses (rescheduleDeadline), a pending request nobody is
 * answering right now is replaced (its hold goes), and a repeat answers the first request (`created: false`).
 * Nothing is half-written: a failed insert lets the new hold go.
 */
export async function openRequest(
  env: Env,
  db: DrizzleD1Database,
  r: OpenRequest,
  now: number,
): Promise<{ row: RequestRow; created: boolean; deadline: number }> {
  const { job, start, vendorId } = r;
  // Minute resolution keeps a double click's hold request identical, so the calendar replays it.
  const minute = now - (now % MINUTE_MS);
  const deadline = rescheduleDeadline(minute, job.promised_arrival_time, start);
  const previous = await db
    .select()
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.service_order_id, job.service_order_id))
    .orderBy(desc(rescheduleRequests.reschedule_id));
  const repeat = previous.find(r.isRepeat);
  if (repeat) return { row: repeat, created: false, deadline };
  const key =
    `${r.by === "vendor" ? "vendor-reschedule" : "reschedule"}:${job.service_order_id}:${previous.length}:${start}` +
    (r.change ? `:s${r.change.serviceId}` : "");
  // Pending requests the other side is not answering right now are replaced by this one; their holds go.
  const replaceable = (q: RequestRow) => q.status === "pending" && q.resolved_at === null;
  const pendingHolds = previous.filter((q) => replaceable(q) && q.hold_id).map((q) => q.hold_id!);

  const answer = await calendarFor(env, vendorId).placeHold({
    settings: r.settings,
    now: minute,
    start,
    durationMinutes: r.change?.minutes ?? job.job_minutes,
    isConnect: job.is_connect,
    ignoreHoldIds: pendingHolds,
    ignoreBookings: [String(job.service_order_id)],
    ttlMs: Math.max(deadline - minute, MINUTE_MS),
    idempotencyKey: key,
  });
  if (!answer.ok) {
    if (answer.code === "INVALID_INPUT" && answer.fields?.idempotencyKey) r.refuseStale();
    throw refusalError(answer, job.time_zone);
  }
  if (deadline <= minute) {
    await releaseHolds(env, vendorId, [answer.hold.holdId], `${key}:too-late`, now);
    fail("INVALID_INPUT", { selectedDate: "Choose a time at least 90 minutes from now." });
  }

  let created: RequestRow | undefined;
  let superseded: Array<{ hold_id: string | null }> = [];
  try {
    const payment = r.change?.payment;
    const paymentInsert = payment
      ? [
          sql`INSERT INTO reschedule_payments (reschedule_id, service_order_id, user_id, old_service_id, old_job_minutes, old_price_cents, new_price_cents,
              old_discount_cents, new_discount_cents, old_fee_cents, new_fee_cents, old_total_cents, new_total_cents,
              difference_cents, new_payout_cents, charge_status, created_at, updated_at)
            SELECT reschedule_id, ${payment.service_order_id}, ${payment.user_id}, ${payment.old_service_id}, ${payment.old_job_minutes}, ${payment.old_price_cents},
              ${payment.new_price_cents}, ${payment.old_discount_cents}, ${payment.new_discount_cents}, ${payment.old_fee_cents},
              ${payment.new_fee_cents}, ${payment.old_total_cents}, ${payment.new_total_cents}, ${payment.difference_cents},
              ${payment.new_payout_cents}, ${payment.charge_status}, ${now}, ${now}
            FROM reschedule_requests WHERE idempotency_key = ${key}
            ON CONFLICT (reschedule_id) DO NOTHING`,
        ]
      : [];
    const [replaced, inserted] = await d1Batch(env.DB, [
      db
        .update(rescheduleRequests)
        .set({ status: "cancelled", resolved_at: now })
        .where(
          and(
            eq(rescheduleRequests.service_order_id, job.service_order_id),
            eq(rescheduleRequests.status, "pending"),
            isNull(rescheduleRequests.resolved_at),
            ne(rescheduleRequests.idempotency_key, key),
          ),
        )
        .returning({ hold_id: rescheduleRequests.hold_id }),
      db
        .insert(rescheduleRequests)
        .values({
          service_order_id: job.service_order_id,
          requested_by: r.by,
          requested_by_user_id: r.byUserId,
          from_time: job.promised_arrival_time,
          to_time: start,
          reason: r.reason,
          status: "pending",
          idempotency_key: key,
          hold_id: answer.hold.holdId,
          expires_at: deadline,
          created_at: now,
          to_service_id: r.change?.serviceId ?? null,
          to_job_minutes: r.change?.minutes ?? null,
        })
        .onConflictDoNothing()
        .returning(),
      ...paymentInsert,
    ]);
    superseded = replaced as Array<{ hold_id: string | null }>;
    // The raw batch answers raw rows: read the inserted request back typed.
    if ((inserted?.length ?? 0) > 0) {
      [created] = await db.select().from(rescheduleRequests).where(eq(rescheduleRequests.idempotency_key, key));
    }
  } catch (err) {
    await calendarFor(env, vendorId).releaseHold(answer.hold.holdId, `${key}:undo`, now, { forgetKey: key });
    throw err;
  }
  if (!created) {
    // A concurrent click inserted it first: answer that one.
    const [first] = await db.select().from(rescheduleRequests).where(eq(rescheduleRequests.idempotency_key, key));
    return { row: first!, created: false, deadline };
  }
  await releaseHolds(
    env,
    vendorId,
    superseded.map((q) => q.hold_id),
    `reschedule-superseded:${created.reschedule_id}`,
    now,
  );
  if (superseded.length > 0) {
    // A replaced request whose price difference was paid gives it back now (decision 067; the sweep retries).
    await refundJobDifferences(env, db, () => paymentsFromEnv(env, db, now), job.service_order_id, now).catch((err) =>
      console.error(JSON.stringify({ at: "reschedule.superseded-refund", error: String(err) })),
    );
  }
  return { row: created, created: true, deadline };
}

/**
 * POST /order/reschedule: asks the job's vendor to move it to `selectedDate` (local to the job's zone).
 * Not the caller's job, not movable (in progress, completed, cancelled, no vendor, already started):
 * ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA; the same time: ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME; a time
 * the vendor cannot take: the calendar's refusal with the nearest free time. A newer request replaces a
 * pending one. A repeated click answers the same request.
 */
export async function requestReschedule(
  env: Env,
  db: DrizzleD1Database,
  userId: number,
  input: { service_order_id: number; selectedDate: string; reason?: string | null; service_id?: number },
  now: number,
): Promise<RescheduleRequestView> {
  const job = await ownJob(db, userId, input.service_order_id);
  if (!job) return notReschedulable();
  let start = Number.NaN;
  try {
    start = parseLocal(input.selectedDate, job.time_zone);
  } catch {
    // An impossible date (2026-02-30) is refused below.
  }
  if (!Number.isFinite(start) || formatLocal(start, job.time_zone) !== input.selectedDate) {
    fail("INVALID_INPUT", { selectedDate: "This date or time does not exist." });
  }
  const state = {
    service_order_status_id: job.service_order_status_id,
    vendor_id: job.vendor_id,
    start: job.promised_arrival_time,
  };
  const switching = input.service_id !== undefined && input.service_id !== job.service_id;
  if (start === job.promised_arrival_time && !switching) fail("ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME");
  if (!canRequestReschedule(state, now) || job.vendor_id === null) return notReschedulable();
  const vendorId = job.vendor_id;
  const settings = (await loadSettings(db, [vendorId])).get(vendorId);
  if (!settings) return notReschedulable();
  let change: OpenRequest["change"] = null;
  if (switching) {
    const option = await chosenOption(env, db, job, input.service_id!);
    const price = await priceChange(db, job, option);
    const charge = chargeableDifference(price.difference_cents);
    change = {
      serviceId: option.service_id,
      minutes: option.minutes,
      payment: {
        service_order_id: job.service_order_id,
        user_id: userId,
        old_service_id: job.service_id,
        old_job_minutes: job.job_minutes,
        old_price_cents: price.old_price_cents,
        new_price_cents: price.new_price_cents,
        old_discount_cents: price.old_discount_cents,
        new_discount_cents: price.new_discount_cents,
        old_fee_cents: price.old_fee_cents,
        new_fee_cents: price.new_fee_cents,
        old_total_cents: price.old_total_cents,
        new_total_cents: price.new_total_cents,
        difference_cents: price.difference_cents,
        new_payout_cents: price.vendor_payout_cents,
        charge_status: charge > 0 ? "due" : price.difference_cents < 0 ? "refund_on_accept" : "waived",
      },
    };
  }
  const wantedService = change?.serviceId ?? null;

  const opened = await openRequest(
    env,
    db,
    {
      by: "customer",
      byUserId: userId,
      vendorId,
      settings,
      job,
      start,
      reason: input.reason || null,
      // Asking again for the time already asked for (a double click) answers that request.
      isRepeat: (r) =>
        r.status === "pending" &&
        r.to_time === start &&
        (r.to_service_id ?? null) === wantedService &&
        (r.expires_at ?? 0) > now,
      refuseStale: notReschedulable,
      change,
    },
    now,
  );
  const payment = opened.row.to_service_id !== null ? await paymentOf(db, opened.row.reschedule_id) : null;
  const answer = (row: RequestRow): RescheduleRequestView => {
    const message = awaitingPayment(payment) ? "RESCHEDULE_PAYMENT_DUE" : "RESCHEDULE_REQUESTED";
    const change = changeView(row, payment);
    return { ...view(row, job.time_zone, message, now), ...(change ? { change } : {}) };
  };
  if (!opened.created || awaitingPayment(payment)) return answer(opened.row);
  await tellVendorOfRequest(env, db, job, opened.row, now);
  return answer(opened.row);
}

/**
 * The pro learns of a customer's request (live dashboard and a text): at once, or once its price difference is
 * paid (worker/checkout/reschedule.ts).
 */
export async function tellVendorOfRequest(
  env: Env,
  db: DrizzleD1Database,
  job: JobRow,
  created: RequestRow,
  now: number,
): Promise<void> {
  const start = created.to_time;
  const deadline = created.expires_at ?? now;
  const userId = job.user_id;

  if (job.vendor_id !== null) {
    await notifyVendor(env, job.vendor_id, {
      type: "reschedule.requested",
      service_order_id: job.service_order_id,
      at: now,
    });
  }
  if (job.vendor_phone) {
    const customer = await db.select({ name: users.name }).from(users).where(eq(users.user_id, userId)).limit(1);
    await sendSms(env, db, {
      to: job.vendor_phone,
      now,
      body:
        `${firstName(customer[0]?.name)} asks to move ${job.service_description} (job #${job.service_order_id}) ` +
        `from ${formatWhen(job.promised_arrival_time, job.time_zone)} to ${formatWhen(start, job.time_zone)}` +
        (created.to_job_minutes ? `, now ${created.to_job_minutes} minutes. ` : ". ") +
        `Please accept or decline in your dashboard by ${formatWhen(deadline, job.time_zone)} (request #${created.reschedule_id}).`,
    }).catch((err) => console.error(JSON.stringify({ at: "reschedule.sms", error: String(err) })));
  }
}

/** Customer reschedule requests waiting for this vendor's answer, soonest deadline first. */
export async function pendingRescheduleRequests(db: DrizzleD1Database, vendorId: number, now: number) {
  const rows = await db
    .select({ request: rescheduleRequests, time_zone: serviceOrders.time_zone })
    .from(rescheduleRequests)
    .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, rescheduleRequests.service_order_id))
    .where(
      and(
        eq(serviceOrders.vendor_id, vendorId),
        eq(rescheduleRequests.status, "pending"),
        eq(rescheduleRequests.requested_by, "customer"),
        gt(rescheduleRequests.expires_at, now),
        paymentSettledSql,
      ),
    )
    .orderBy(rescheduleRequests.expires_at);
  return rows.map((r) => view(r.request, r.time_zone, "RESCHEDULE_REQUESTED", now));
}

export async function textCustomer(env: Env, db: DrizzleD1Database, job: JobRow, body: string, now: number) {
  const [customer] = await db.select({ phone: users.phone }).from(users).where(eq(users.user_id, job.user_id));
  if (!customer) return;
  await sendSms(env, db, { to: customer.phone, body, now }).catch((err) =>
    console.error(JSON.stringify({ at: "reschedule.sms", error: String(err) })),
  );
}

/**
 * POST /vendor/me/reschedule with { request_id, accept }: the vendor's consent to a customer's request. A
 * request that is not this vendor's, was answered the other way, was replaced or cancelled, or lapsed is
 * FAILED_VENDOR_SCHEDULE_ACCEPT (the customer has to ask again); answering the same way twice answers the same.
 * The vendor's own proposal waits for the customer: answering it is FAILED_VENDOR_RESCHEDULE.
 */
export async function answerReschedule(
  env: Env,
  db: DrizzleD1Database,
  vendorId: number,
  input: { request_id: number; accept: boolean },
  now: number,
): Promise<RescheduleRequestView> {
  const [request] = await db
    .select()
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.reschedule_id, input.request_id))
    .limit(1);
  const job = request ? await jobById(db, request.service_order_id) : null;
  if (!request || !job || job.vendor_id !== vendorId) return fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  if (request.requested_by === "vendor") fail("FAILED_VENDOR_RESCHEDULE");
  if (request.requested_by !== "customer") fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  // A request whose price difference is not paid yet has not reached the pro.
  if (awaitingPayment(await paymentOf(db, request.reschedule_id))) fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  const done: MessageCode = input.accept ? "RESCHEDULE_ACCEPTED" : "RESCHEDULE_DECLINED";
  const settled = await settleRequest(env, db, request, job, input.accept, now, () =>
    fail("FAILED_VENDOR_SCHEDULE_ACCEPT"),
  );
  // A lower price is refunded on acceptance, a charged difference on a refusal (idempotent; the sweep retries).
  await settleDifference(env, db, () => paymentsFromEnv(env, db, now), request.reschedule_id, now);
  if (settled.replayed) return view(settled.row, job.time_zone, done, now);
  if (!input.accept) {
    await textCustomer(
      env,
      db,
      job,
      `${job.vendor_name ?? "Your professional"} can't make ${formatWhen(request.to_time, job.time_zone)}. ` +
        `Your ${job.service_description} stays at ${formatWhen(job.promised_arrival_time, job.time_zone)}.`,
      now,
    );
    return view(settled.row, job.time_zone, done, now);
  }
  await textCustomer(
    env,
    db,
    job,
    `${job.vendor_name ?? "Your professional"} confirmed the new time: your ${job.service_description} is now ` +
      `${formatWhen(request.to_time, job.time_zone)}.`,
    now,
  );
  await notifyVendor(env, vendorId, { type: "job.rescheduled", service_order_id: job.service_order_id, at: now });
  await notifyOrderChanged(env, job.service_order_id, "rescheduled", now);
  return view(settled.row, job.time_zone, done, now);
}

/**
 * The consenting side's answer to a pending request (the vendor's to a customer's request, the customer's to a
 * vendor's proposal). The answering side first claims the request (resolved_at is set while it stays pending),
 * so the other side cannot replace it mid-answer; then accepting moves the job's booking onto the request's
 * hold (one step in the calendar object, idempotent by key) and the job's time in D1; refusing lets the hold
 * go. A request answered the other way, replaced, cancelled or lapsed calls `gone` (which throws); the same
 * answer twice is `replayed`. A cancellation racing the answer wins: its release of the booking by ref
 * covers a moved booking too, and the D1 writes here are conditional on the job still being open.
 */
export async function settleRequest(
  env: Env,
  db: DrizzleD1Database,
  request: RequestRow,
  job: JobRow,
  accept: boolean,
  now: number,
  gone: () => never,
): Promise<{ row: RequestRow; replayed: boolean }> {
  const vendorId = job.vendor_id;
  if (vendorId === null) return gone();
  const wanted = accept ? "accepted" : "declined";
  if (request.status === wanted) return { row: request, replayed: true };
  if (request.status !== "pending" || request.expires_at === null || request.expires_at <= now) gone();
  // Claim (or resume a claim of) the request; a request replaced in between is gone.
  const [claimed] = await db
    .update(rescheduleRequests)
    .set({ resolved_at: sql`coalesce(${rescheduleRequests.resolved_at}, ${now})` })
    .where(and(eq(rescheduleRequests.reschedule_id, request.reschedule_id), eq(rescheduleRequests.status, "pending")))
    .returning();
  if (!claimed) gone();

  const finish = (status: "accepted" | "declined" | "expired" | "cancelled") =>
    db
      .update(rescheduleRequests)
      .set({ status, resolved_at: now })
      .where(and(eq(rescheduleRequests.reschedule_id, request.reschedule_id), eq(rescheduleRequests.status, "pending")))
      .returning();
  const release = () =>
    releaseHolds(env, vendorId, [request.hold_id], `reschedule:${request.reschedule_id}:release`, now);
  const stillThere =
    isOpenStatus(job.service_order_status_id) &&
    job.service_order_status_id !== ServiceOrderStatus.IN_PROGRESS &&
    job.promised_arrival_time === request.from_time;

  if (!stillThere) {
    await finish("cancelled");
    await release();
    gone();
  }
  if (!accept) {
    const [declined] = await finish("declined");
    await release();
    if (!declined) gone();
    return { row: declined, replayed: false };
  }

  const settings = (await loadSettings(db, [vendorId])).get(vendorId);
  const moved = request.hold_id
    ? await calendarFor(env, vendorId).confirmHold(
        request.hold_id,
        String(job.service_order_id),
        `reschedule:${request.reschedule_id}:accept`,
        now,
        settings,
        { replaceBooking: true },
      )
    : null;
  if (!moved?.ok) {
    // The hold lapsed or time off now covers it: the request cannot be honoured.
    await finish("expired");
    await release();
    gone();
  }
  // Another length: the job takes the new service, minutes, price and the pro's pay at that price.
  const payment = request.to_service_id !== null ? await paymentOf(db, request.reschedule_id) : null;
  const option =
    request.to_service_id !== null && payment && !awaitingPayment(payment)
      ? {
          service_id: request.to_service_id,
          job_minutes: request.to_job_minutes ?? job.job_minutes,
          price_cents: payment.new_price_cents,
          vendor_payout_cents: payment.new_payout_cents,
        }
      : {};
  const [accepted, updated] = await db.batch([
    finish("accepted"),
    db
      .update(serviceOrders)
      .set({
        promised_arrival_time: request.to_time,
        scheduled_status: ScheduledStatus.CONFIRMED,
        updated_at: now,
        ...option,
      })
      .where(
        and(
          eq(serviceOrders.service_order_id, job.service_order_id),
          eq(serviceOrders.promised_arrival_time, request.from_time),
          sql`${serviceOrders.service_order_status_id} IN (${ServiceOrderStatus.PENDING}, ${ServiceOrderStatus.SCHEDULED})`,
          sql`EXISTS (SELECT 1 FROM reschedule_requests WHERE reschedule_id = ${request.reschedule_id} AND status = 'accepted')`,
        ),
      )
      .returning({ id: serviceOrders.service_order_id }),
  ]);
  if (accepted.length === 0 || updated.length === 0) {
    // The customer cancelled the job while the answer was given; the cancellation released the booking by
    // ref, the moved one included.
    gone();
  }
  return { row: accepted[0]!, replayed: false };
}
