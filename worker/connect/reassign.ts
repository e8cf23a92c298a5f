import type { DrizzleD1Database } from "drizzle-orm/d1";
import { ServiceOrderStatus } from "../../domain/order-status";
import { formatWhen } from "../../domain/slot-format";
import type { ConfirmAnswer, HoldAnswer } from "../../durable/calendar/rpc-types";
import { newAuditedAction, runAudited } from "../admin/audit";
import { calendarFor } from "../calendar/calendar-client";
import { notifyVendors } from "../calendar/notify-vendor";
import { toVendorSettings, vendorSettingsQuery } from "../calendar/settings";
import { textSafely, vendorPhones } from "../checkout/notify";
import { fail } from "../http/errors";
import { proNoticeStatement, staffProNotice, textProNotice } from "../vendors/notify-pro";
import { proWhoCanTake } from "./staff-requests";

/**
 * Connect staff hand a scheduled business request to another pro (docs/decisions/112). The job keeps its id,
 * time, length and price; only its pro changes. Order of work, so that nothing is half-written:
 *
 * 1. The new pro's calendar object places a connect hold on the job's time and books it under the job's id
 *    (the same rules as the pro scheduling it themselves). A refusal answers CONNECT_PRO_NOT_FREE and nothing
 *    else happened: the request, the job and the old pro's calendar are untouched.
 * 2. One audited D1 batch moves the job and the request to the new pro, only if both are still as staff saw
 *    them (the request scheduled, the job scheduled with the old pro). If it loses (another reassign, the job
 *    started or was cancelled meanwhile), the new pro's booking is released again and the answer is
 *    STAFF_ACTION_NOT_ALLOWED; a double click that reached the same pro answers the move already made.
 * 3. The old pro's booking is released, both pros are told live and by text, the business is texted.
 */

export interface ConnectReassigned {
  connect_request_id: number;
  status: "scheduled";
  service_order_id: number;
  vendor_id: number;
  vendor_name: string;
  previous_vendor_id: number;
}

interface MoveRow {
  status: string;
  service_id: number;
  service_order_id: number | null;
  updated_at: number;
  business_name: string;
  phone: string;
  people: number;
  address: string;
  service: string;
  job_vendor_id: number | null;
  job_status: number | null;
  start: number | null;
  job_minutes: number | null;
  time_zone: string;
  zipcode: string;
}

export async function reassignConnectRequest(
  env: Env,
  db: DrizzleD1Database,
  input: {
    id: number;
    vendorId: number;
    /** The staff note (audit log only). */
    reason: string | null;
    /** What the pro who loses the job reads (a default when empty). */
    proMessage?: string;
    actorUserId: number;
    now: number;
  },
): Promise<ConnectReassigned> {
  const { id, vendorId, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const r = await d1
    .prepare(
      `SELECT r.status, r.service_id, r.service_order_id, r.updated_at, r.business_name, r.phone, r.people, r.address,
              s.description AS service, so.vendor_id AS job_vendor_id, so.service_order_status_id AS job_status,
              so.promised_arrival_time AS start, so.job_minutes, r.time_zone, r.zipcode
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       LEFT JOIN service_orders so ON so.service_order_id = r.service_order_id
       WHERE r.connect_request_id = ?`,
    )
    .bind(id)
    .first<MoveRow>();
  if (!r) return fail("NOT_FOUND");
  // Only a scheduled request whose job has not started (nor been completed, cancelled or suspended).
  if (
    r.status !== "scheduled" ||
    r.service_order_id === null ||
    r.job_vendor_id === null ||
    r.job_status !== ServiceOrderStatus.SCHEDULED ||
    r.start === null ||
    r.job_minutes === null ||
    r.start <= now
  ) {
    return fail("STAFF_ACTION_NOT_ALLOWED");
  }
  const soid = r.service_order_id;
  const oldVendorId = r.job_vendor_id;
  const start = r.start;
  if (vendorId === oldVendorId) fail("INVALID_INPUT", { vendor_id: "This booking is already with this pro." });
  // Only a pro whose range reaches the address (decision 123); the new pro's calendar object decides the time below.
  const pro = await proWhoCanTake(
    env,
    db,
    vendorId,
    { service_id: r.service_id, zipcode: r.zipcode, starts_at: start, minutes: r.job_minutes, time_zone: r.time_zone },
    now,
    { requireFree: false },
  );
  const [settingsRow] = await vendorSettingsQuery(db, [vendorId]);
  if (!settingsRow) return fail("NOT_FOUND");
  const settings = toVendorSettings(settingsRow);
  const calendar = calendarFor(env, vendorId);
  const moved: ConnectReassigned = {
    connect_request_id: id,
    status: "scheduled",
    service_order_id: soid,
    vendor_id: vendorId,
    vendor_name: pro.display_name,
    previous_vendor_id: oldVendorId,
  };

  // Calls on the request as it stands share the hold and the booking (a double click books once); a refusal
  // moves the request's updated_at so that a retry, once the pro is free, is checked afresh (as scheduling does).
  const key = `connect:r${id}:move:s${soid}:v${oldVendorId}-${vendorId}:u${r.updated_at}`;
  const notFree = (reason: string) => {
    const when = formatWhen(start, r.time_zone);
    const why = WHY_NOT_FREE[reason] ?? "their calendar refused it";
    return fail("CONNECT_PRO_NOT_FREE", { vendor_id: `${pro.display_name} isn't free on ${when}: ${why}.` });
  };
  const hold: HoldAnswer = await calendar.placeHold({
    settings,
    now,
    start,
    durationMinutes: r.job_minutes,
    isConnect: true,
    idempotencyKey: key,
  });
  if (!hold.ok) {
    await bumpAfterRefusal(d1, id, r.updated_at, now);
    return notFree(hold.reason);
  }
  const booked: ConfirmAnswer = await calendar.confirmHold(
    hold.hold.holdId,
    String(soid),
    `${key}:book`,
    now,
    settings,
  );
  if (!booked.ok) {
    await calendar.releaseHold(hold.hold.holdId, `${key}:release`, now, { forgetKey: key }).catch(() => undefined);
    await bumpAfterRefusal(d1, id, r.updated_at, now);
    return notFree(booked.reason);
  }

  const op = newAuditedAction();
  const when = formatWhen(start, r.time_zone);
  const notice = staffProNotice(
    op,
    "job.reassign",
    oldVendorId,
    { what: `${r.service} for ${r.business_name}`, when },
    input.proMessage,
    now,
  );
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE service_orders SET vendor_id = ?2, updated_at = ?4
         WHERE service_order_id = ?1 AND vendor_id = ?3 AND service_order_status_id = ${ServiceOrderStatus.SCHEDULED}
           AND promised_arrival_time > ?4
           AND EXISTS (SELECT 1 FROM connect_requests WHERE connect_request_id = ?5 AND status = 'scheduled'
             AND service_order_id = ?1)`,
      )
      .bind(soid, vendorId, oldVendorId, now, id),
    {
      actorUserId,
      action: "connect_request.reassign",
      targetType: "connect_request",
      targetId: id,
      reason,
      before: { vendor_id: oldVendorId },
      after: { vendor_id: vendorId },
      details: { service_order_id: soid },
      now,
    },
    [
      d1
        .prepare(
          `UPDATE connect_requests SET vendor_id = ?2, updated_at = ?3 WHERE connect_request_id = ?1 AND ${op.guard}`,
        )
        .bind(id, vendorId, now),
      proNoticeStatement(d1, notice, op.guard),
    ],
  );
  if (!done) {
    const job = await d1
      .prepare("SELECT vendor_id FROM service_orders WHERE service_order_id = ?")
      .bind(soid)
      .first<{ vendor_id: number | null }>();
    // A parallel call with the same move (a double click) made it: this is that move.
    if (job?.vendor_id === vendorId) return moved;
    await calendar
      .releaseBooking(vendorId, String(soid), `${key}:undo`, now)
      .catch((err) => console.error(JSON.stringify({ at: "connect.reassign.undo", soid, error: String(err) })));
    return fail("STAFF_ACTION_NOT_ALLOWED");
  }

  // The job is the new pro's: the old pro's time is free again. A failure here is logged (the move is made).
  await calendarFor(env, oldVendorId)
    .releaseBooking(oldVendorId, String(soid), `${key}:free-old`, now)
    .catch((err) => console.error(JSON.stringify({ at: "connect.reassign.release-old", soid, error: String(err) })));
  await notifyVendors(env, [oldVendorId, vendorId], { type: "job.changed", service_order_id: soid, at: now });
  const phones = await vendorPhones(db, [vendorId]);
  const newPhone = phones.get(vendorId);
  await Promise.all([
    // The old pro: a notice on their dashboard with the reason staff wrote for them, and the same words texted.
    textProNotice(env, db, oldVendorId, notice.key, now),
    newPhone
      ? textSafely(
          env,
          db,
          newPhone,
          `You have a business booking: ${r.business_name}, ${r.people} people, ${when} at ${r.address}. It is on your calendar.`,
          now,
        )
      : null,
    textSafely(
      env,
      db,
      r.phone,
      `${r.business_name}: your ${r.service} on ${when} is now with ${pro.display_name}. Everything else stays the same.`,
      now,
    ),
  ]);
  return moved;
}

/** The calendar's refusal reasons (domain/calendar/hold-rules.ts), as staff read them. */
const WHY_NOT_FREE: Record<string, string> = {
  conflict: "another job, hold or time off overlaps it",
  "overlaps-booking": "another job overlaps it",
  "outside-hours": "it is outside their working hours",
  "off-grid": "it does not start on their booking grid",
  "beyond-horizon": "it is further ahead than they take bookings",
  "same-day-gate": "they don't take same-day jobs",
  "holiday-gate": "they don't take jobs that day",
  "vendor-not-bookable": "they can't take bookings right now",
  past: "its time has passed",
};

async function bumpAfterRefusal(d1: D1Database, id: number, seen: number, now: number) {
  await d1
    .prepare(
      "UPDATE connect_requests SET updated_at = max(updated_at + 1, ?2) WHERE connect_request_id = ?1 AND updated_at = ?3",
    )
    .bind(id, now, seen)
    .run();
}
