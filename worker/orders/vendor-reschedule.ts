import { and, desc, eq, inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { BOOKING_HORIZON_DAYS } from "../../domain/calendar/slots";
import { DAY_MS, formatLocal, iso, parseLocal } from "../../domain/calendar/time";
import { canRequestReschedule } from "../../domain/order-rules";
import { formatWhen } from "../../domain/slot-format";
import type { RescheduleTimes } from "../../schema/payloads/orders";
import { users } from "../../schema/tables/accounts";
import { rescheduleRequests } from "../../schema/tables/orders";
import { reschedulePayments } from "../../schema/tables/reschedule-payments";
import { sendSms } from "../adapters/sms";
import { notifyVendor } from "../calendar/notify-vendor";
import { notifyOrderChanged } from "./notify-customer";
import { loadSettings } from "../calendar/market";
import { busyByVendor, busyQuery, vendorFreeSlots, wallTimes } from "../calendar/search";
import { fail } from "../http/errors";
import { customerPhoneOf, vendorJob } from "../jobs/vendor-job";
import { jobById, ownJob, type JobRow } from "./jobs";
import { lengthOptions } from "./reschedule-price";
import { openRequest, settleRequest, view, type RequestRow, type RescheduleRequestView } from "./reschedule";

/**
 * A pro's reschedule (docs/decisions/066): the pro proposes a new time from their free times, held on their
 * calendar; the customer consents (the job moves) or refuses (it keeps its time) from My Orders. Nothing moves
 * without the customer: the pro answering their own proposal is FAILED_VENDOR_RESCHEDULE
 * (worker/orders/reschedule.ts answerReschedule). It mirrors the customer's request of decision 033 with the
 * sides swapped, and shares its settlement (settleRequest).
 */

const pendingNow = (r: RequestRow, now: number) => r.status === "pending" && (r.expires_at ?? 0) > now;

/**
 * The job's vendor's free start times for the job's length over the booking horizon, from D1's busy
 * projection, with the job's own booking and the holds of its pending requests left out (so the times next to
 * the job and the time already proposed count as free), plus the pending request, if any.
 */
export async function rescheduleTimes(db: DrizzleD1Database, job: JobRow, now: number): Promise<RescheduleTimes> {
  const vendorId = job.vendor_id;
  const settings = vendorId === null ? undefined : (await loadSettings(db, [vendorId])).get(vendorId);
  const requests = await db
    .select()
    .from(rescheduleRequests)
    .where(and(eq(rescheduleRequests.service_order_id, job.service_order_id), eq(rescheduleRequests.status, "pending")))
    .orderBy(desc(rescheduleRequests.reschedule_id));
  const live = requests.filter((r) => pendingNow(r, now));
  // A request whose price difference is not paid yet has not reached the pro (decision 067): not shown as pending.
  const unpaid = new Set(
    live.length === 0
      ? []
      : (
          await db
            .select({ id: reschedulePayments.reschedule_id })
            .from(reschedulePayments)
            .where(
              and(
                eq(reschedulePayments.service_order_id, job.service_order_id),
                inArray(reschedulePayments.charge_status, ["due", "requires_action", "failed"]),
              ),
            )
        ).map((p) => p.id),
  );
  const pending = live.find((r) => !unpaid.has(r.reschedule_id)) ?? null;
  let days: RescheduleTimes["days"] = [];
  if (vendorId !== null && settings) {
    const rows = await busyQuery(db, [vendorId], now, now - DAY_MS, now + (BOOKING_HORIZON_DAYS + 2) * DAY_MS);
    const busy = busyByVendor(rows, {
      holds: new Set(live.map((r) => r.hold_id).filter((h): h is string => h !== null)),
      bookings: new Set([String(job.service_order_id)]),
    });
    const result = vendorFreeSlots({
      settings,
      busy: busy.get(vendorId) ?? [],
      durationMinutes: job.job_minutes,
      isConnect: job.is_connect,
      now,
    });
    days = result.days.map((d) => ({
      date: d.date,
      ...(d.holiday ? { holiday: d.holiday } : {}),
      times: wallTimes(d.starts, settings.tz),
    }));
  }
  return {
    service_order_id: job.service_order_id,
    time_zone: job.time_zone,
    current: formatLocal(job.promised_arrival_time, job.time_zone),
    days,
    pending: pending
      ? {
          request_id: pending.reschedule_id,
          requested_by: pending.requested_by === "vendor" ? "vendor" : "customer",
          selectedDate: formatLocal(pending.to_time, job.time_zone),
          expires_at: iso(pending.expires_at!),
        }
      : null,
  };
}

/** GET /vendor/me/reschedule-times: the pro's own job only (another pro's id is NOT_FOUND). */
export async function vendorRescheduleTimes(db: DrizzleD1Database, vendorId: number, soid: number, now: number) {
  return rescheduleTimes(db, await vendorJob(db, vendorId, soid), now);
}

/**
 * GET /order/reschedule-times: the customer's own movable job only, with the lengths it may switch to
 * (docs/decisions/067); `serviceId` asks for the free times of another length.
 */
export async function customerRescheduleTimes(
  env: Env,
  db: DrizzleD1Database,
  userId: number,
  soid: number,
  now: number,
  serviceId?: number,
) {
  const job = await ownJob(db, userId, soid);
  if (!job) return fail("NOT_FOUND", { service_order_id: "We couldn't find this service." });
  const movable = canRequestReschedule(
    {
      service_order_status_id: job.service_order_status_id,
      vendor_id: job.vendor_id,
      start: job.promised_arrival_time,
    },
    now,
  );
  if (!movable) fail("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA", { service_order_id: "This service can't be moved." });
  const options = await lengthOptions(env, db, job);
  const minutes =
    serviceId === undefined || serviceId === job.service_id
      ? job.job_minutes
      : (options.find((o) => o.service_id === serviceId && !o.current) ??
          fail("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA", {
            service_id: "This option can't be booked for this service.",
          }))!.minutes;
  const times = await rescheduleTimes(db, { ...job, job_minutes: minutes }, now);
  return {
    ...times,
    job_minutes: minutes,
    options: options.map(({ service_id, description, minutes, price_cents, current }) => ({
      service_id,
      description,
      minutes,
      price_cents,
      current,
    })),
  };
}

function localStartOrFail(selectedDate: string, tz: string): number {
  let start = Number.NaN;
  try {
    start = parseLocal(selectedDate, tz);
  } catch {
    // An impossible date (2026-02-30) is refused below.
  }
  if (!Number.isFinite(start) || formatLocal(start, tz) !== selectedDate) {
    fail("INVALID_INPUT", { selectedDate: "This date or time does not exist." });
  }
  return start;
}

/**
 * POST /vendor/me/reschedule with { service_order_id, selectedDate, reason? }: the pro proposes a new time for
 * their scheduled (or pending) job that has not started. The new time is held on the pro's calendar until the
 * proposal lapses (24 hours, the job's current start or 90 minutes before the new time, whichever is first);
 * the customer is texted. A pending request of either side that nobody is answering right now is replaced.
 * Proposing the same time again answers the pending proposal.
 */
export async function proposeReschedule(
  env: Env,
  db: DrizzleD1Database,
  vendor: { vendorId: number; userId: number },
  input: { service_order_id: number; selectedDate: string; reason?: string | null },
  origin: string,
  now: number,
): Promise<RescheduleRequestView> {
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  const start = localStartOrFail(input.selectedDate, job.time_zone);
  const movable = canRequestReschedule(
    {
      service_order_status_id: job.service_order_status_id,
      vendor_id: job.vendor_id,
      start: job.promised_arrival_time,
    },
    now,
  );
  if (!movable) fail("JOB_ACTION_NOT_ALLOWED");
  if (start === job.promised_arrival_time) fail("ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME");
  const settings = (await loadSettings(db, [vendor.vendorId])).get(vendor.vendorId);
  if (!settings) return fail("JOB_ACTION_NOT_ALLOWED");

  const opened = await openRequest(
    env,
    db,
    {
      by: "vendor",
      byUserId: vendor.userId,
      vendorId: vendor.vendorId,
      settings,
      job,
      start,
      reason: input.reason || null,
      // Proposing the same time again answers the pending proposal.
      isRepeat: (r) => r.requested_by === "vendor" && r.to_time === start && pendingNow(r, now),
      refuseStale: () => fail("JOB_ACTION_NOT_ALLOWED"),
    },
    now,
  );
  if (!opened.created) return view(opened.row, job.time_zone, "RESCHEDULE_PROPOSED", now);
  const created = opened.row;
  const deadline = opened.deadline;
  await notifyVendor(env, vendor.vendorId, { type: "job.changed", service_order_id: job.service_order_id, at: now });
  await notifyOrderChanged(env, job.service_order_id, "accepted", now);
  const phone = customerPhoneOf(job);
  if (phone) {
    const link = new URL("/account/orders", origin).toString();
    await sendSms(env, db, {
      to: phone,
      now,
      body:
        `${job.vendor_name ?? "Your professional"} asks to move your ${job.service_description} from ` +
        `${formatWhen(job.promised_arrival_time, job.time_zone)} to ${formatWhen(start, job.time_zone)}` +
        `${input.reason ? ` (${input.reason})` : ""}. Approve or keep your time by ` +
        `${formatWhen(deadline, job.time_zone)}: ${link}`,
    }).catch((err) => console.error(JSON.stringify({ at: "vendor-reschedule.sms", error: String(err) })));
  }
  return view(created, job.time_zone, "RESCHEDULE_PROPOSED", now);
}

/**
 * POST /order/reschedule/answer { request_id, accept }: the customer's consent to their pro's proposal. Not a
 * proposal on the caller's own job: NOT_FOUND (another customer's id learns nothing); replaced, lapsed,
 * answered the other way or the job changed: RESCHEDULE_PROPOSAL_GONE; the same answer twice answers the same.
 * Approving moves the booking on the pro's calendar and the job's time; refusing releases the held time. The
 * pro's dashboard is pushed the change and the pro is texted.
 */
export async function answerProposal(
  env: Env,
  db: DrizzleD1Database,
  userId: number,
  input: { request_id: number; accept: boolean },
  now: number,
): Promise<RescheduleRequestView> {
  const [request] = await db
    .select()
    .from(rescheduleRequests)
    .where(and(eq(rescheduleRequests.reschedule_id, input.request_id), eq(rescheduleRequests.requested_by, "vendor")))
    .limit(1);
  const job = request ? await jobById(db, request.service_order_id) : null;
  if (!request || !job || job.user_id !== userId || job.vendor_id === null) {
    return fail("NOT_FOUND", { request_id: "We couldn't find this request." });
  }
  const done = input.accept ? "RESCHEDULE_APPROVED" : "RESCHEDULE_REFUSED";
  const settled = await settleRequest(env, db, request, job, input.accept, now, () => fail("RESCHEDULE_PROPOSAL_GONE"));
  if (settled.replayed) return view(settled.row, job.time_zone, done, now);
  const vendorId = job.vendor_id;
  await notifyVendor(env, vendorId, {
    type: input.accept ? "job.rescheduled" : "job.changed",
    service_order_id: job.service_order_id,
    at: now,
  });
  await notifyOrderChanged(env, job.service_order_id, input.accept ? "rescheduled" : "accepted", now);
  const [customer] = await db.select({ name: users.name }).from(users).where(eq(users.user_id, userId)).limit(1);
  const who = (customer?.name ?? "Your client").split(" ")[0];
  const body = input.accept
    ? `${who} approved the new time: ${job.service_description} (job #${job.service_order_id}) is now ` +
      `${formatWhen(request.to_time, job.time_zone)}.`
    : `${who} kept the original time: ${job.service_description} (job #${job.service_order_id}) stays at ` +
      `${formatWhen(request.from_time, job.time_zone)}.`;
  if (job.vendor_phone) {
    await sendSms(env, db, { to: job.vendor_phone, body, now }).catch((err) =>
      console.error(JSON.stringify({ at: "vendor-reschedule.sms", error: String(err) })),
    );
  }
  return view(settled.row, job.time_zone, done, now);
}
