import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { ConnectRequestRow, ProOption } from "../../schema/contracts/admin";
import { formatLocal } from "../../domain/calendar/time";
import { connectOfferExpiresAt } from "../../domain/connect-rules";
import { formatWhen } from "../../domain/slot-format";
import { newAuditedAction, runAudited } from "../admin/audit";
import { offsetOf } from "../admin/paging";
import { notifyVendors } from "../calendar/notify-vendor";
import { textSafely, vendorPhones } from "../checkout/notify";
import { fail } from "../http/errors";
import { connectCandidates, prosWhoCanTakeAt, type ConnectSlot } from "./eligibility";

/**
 * The connect staff's queue of business requests (worker/api/connect/admin/requests.ts): list, the pros who
 * could take one, assign to one pro, offer to several, release back to the queue, cancel. Every action is
 * audited (worker/admin/audit.ts) and applies only if the request is still as staff saw it.
 */

export type ConnectRequestStatus = "new" | "assigned" | "offered" | "scheduled" | "cancelled";

/** One page (11 rows: the 11th says another page follows) of the requests in `status`, soonest first. */
export async function listConnectRequests(
  d1: D1Database,
  status: ConnectRequestStatus,
  page: number,
): Promise<ConnectRequestRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT r.connect_request_id, r.business_name, r.contact_name, r.phone, r.email, r.address, r.zipcode, r.starts_at,
              r.time_zone, r.people, r.service_id, s.description AS service, r.notes, r.status, r.vendor_id,
              v.display_name AS vendor_name, r.created_at, r.sessions, r.service_order_id, r.price_cents,
              so.service_order_status_id AS job_status, p.status AS pay_status, p.paid_at,
              (SELECT group_concat(ov.display_name, ', ') FROM connect_request_offers o JOIN vendors ov ON ov.vendor_id = o.vendor_id
               WHERE o.connect_request_id = r.connect_request_id) AS offered_to,
              r.offer_expires_at, r.offer_expired_at, r.proposed_starts_at,
              (SELECT pv.display_name FROM vendors pv WHERE pv.vendor_id = r.proposed_vendor_id) AS proposed_vendor_name,
              (SELECT max(m.sent_at) FROM connect_invoice_messages m WHERE m.pay_link_id = r.pay_link_id AND m.n > 0)
                AS last_reminder_at,
              (SELECT count(*) FROM connect_invoice_messages m WHERE m.pay_link_id = r.pay_link_id AND m.n > 0) AS reminders
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       LEFT JOIN service_orders so ON so.service_order_id = r.service_order_id
       LEFT JOIN vendors v ON v.vendor_id = coalesce(so.vendor_id, r.vendor_id)
       LEFT JOIN pay_links p ON p.pay_link_id = r.pay_link_id
       WHERE r.status = ?1 ORDER BY r.starts_at, r.connect_request_id LIMIT 11 OFFSET ?2`,
    )
    .bind(status, offsetOf(page))
    .all<Omit<ConnectRequestRow, "local_time" | "invoiced" | "paid" | "nobody_took_offer" | "proposed_local_time">>();
  return results.map((r) => ({
    ...r,
    // Back in the queue because an offer round ended with nobody taking it (docs/decisions/113).
    nobody_took_offer: r.status === "new" && r.offer_expired_at !== null,
    local_time: formatLocal(r.starts_at, r.time_zone),
    // A pro's other time (docs/decisions/123), local to the request.
    proposed_local_time: r.proposed_starts_at === null ? null : formatLocal(r.proposed_starts_at, r.time_zone),
    // Invoiced: a pay link was sent (open, or paid); paid once the business paid it.
    invoiced: r.pay_status === "open" || r.pay_status === "paid",
    paid: r.pay_status === "paid",
  }));
}

/**
 * Pros who could take a request (docs/decisions/123): active, not soft-banned, offering the service (not
 * restricted), whose range reaches the address and who are free for it at its time (the booking search's
 * rules, worker/connect/eligibility.ts); nearest first, then the most experienced. At most 50.
 */
export async function prosForRequest(env: Env, db: DrizzleD1Database, id: number, now: number): Promise<ProOption[]> {
  const req = await connectRequest(env.DB, id);
  const able = (await connectCandidates(env, db, slotOf(req), now)).filter((c) => c.free);
  if (able.length === 0) return [];
  const { results } = await env.DB.prepare(
    `SELECT v.vendor_id, v.display_name, v.base_zip, v.rating_avg_x100, v.completed_jobs FROM vendors v
     WHERE v.vendor_id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(able.map((c) => c.vendor_id)))
    .all<ProOption>();
  const byId = new Map(results.map((r) => [r.vendor_id, r]));
  return able
    .map((c) => byId.get(c.vendor_id)!)
    .filter(Boolean)
    .sort(
      (a, b) =>
        Math.round(able.find((c) => c.vendor_id === a.vendor_id)!.distance_miles) -
          Math.round(able.find((c) => c.vendor_id === b.vendor_id)!.distance_miles) ||
        b.completed_jobs - a.completed_jobs,
    )
    .slice(0, 50);
}

type StaffAction = { id: number; actorUserId: number; now: number };

/** The request's place, time and length (one session until the pro picks more) for the candidates' rules. */
export function slotOf(req: {
  service_id: number;
  zipcode: string;
  starts_at: number;
  time_zone: string;
  duration_minutes: number;
  sessions: number | null;
}): ConnectSlot {
  return {
    service_id: req.service_id,
    zipcode: req.zipcode,
    starts_at: req.starts_at,
    time_zone: req.time_zone,
    minutes: req.duration_minutes * Math.max(1, req.sessions ?? 1),
  };
}

/**
 * The pro staff picked for a business request, if they can take it (worker/connect/eligibility.ts): active,
 * not soft-banned, offering the service and not restricted from it, their range reaching the address
 * (otherwise INVALID_INPUT on `vendor_id`), and free at its time (otherwise CONNECT_PRO_NOT_FREE; reassigning
 * leaves that to the new pro's calendar object, which names the reason).
 */
export async function proWhoCanTake(
  env: Env,
  db: DrizzleD1Database,
  vendorId: number,
  slot: ConnectSlot,
  now: number,
  opts: { requireFree?: boolean } = {},
): Promise<{ display_name: string }> {
  const [pro] = await prosWhoCanTakeAt(env, db, [vendorId], slot, now, opts);
  return pro!;
}

/** Gives a new request to one active pro who offers the service; they are told live and by text. */
export async function assignConnectRequest(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction & { vendorId: number; reason: string | null },
): Promise<{ connect_request_id: number; status: "assigned"; vendor_id: number; vendor_name: string }> {
  const { id, vendorId, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const req = await connectRequest(d1, id);
  if (req.status !== "new") fail("STAFF_ACTION_NOT_ALLOWED");
  const pro = await proWhoCanTake(env, db, vendorId, slotOf(req), now);
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE connect_requests SET status = 'assigned', vendor_id = ?2, offer_expired_at = NULL, updated_at = ?3
         WHERE connect_request_id = ?1 AND status = 'new'`,
      )
      .bind(id, vendorId, now),
    {
      actorUserId,
      action: "connect_request.assign",
      targetType: "connect_request",
      targetId: id,
      reason,
      before: { status: "new", vendor_id: null },
      after: { status: "assigned", vendor_id: vendorId },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await notifyVendors(env, [vendorId], { type: "connect.request", connect_request_id: id, at: now });
  const phone = (await vendorPhones(db, [vendorId])).get(vendorId);
  if (phone) {
    const when = formatWhen(req.starts_at, req.time_zone);
    await textSafely(
      env,
      db,
      phone,
      `You have a business booking: ${req.business_name}, ${req.people} people, ${when} at ${req.address}. See your dashboard.`,
      now,
    );
  }
  return { connect_request_id: id, status: "assigned", vendor_id: vendorId, vendor_name: pro.display_name };
}

/**
 * Offers a new request to several pros at once; each is told live and by text, the first to schedule it wins
 * and the others find it no longer available.
 */
export async function offerConnectRequest(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction & { vendorIds: number[]; reason: string | null },
): Promise<{ connect_request_id: number; status: "offered"; vendor_ids: number[]; offer_expires_at: number }> {
  const { id, vendorIds, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const req = await connectRequest(d1, id);
  if (req.status !== "new") fail("STAFF_ACTION_NOT_ALLOWED");
  const ids = JSON.stringify(vendorIds);
  await prosWhoCanTakeAt(env, db, vendorIds, slotOf(req), now, { field: "vendor_ids" });
  const op = newAuditedAction();
  // The round ends after a while with nobody taking it: the cron puts it back in the queue (docs/decisions/113).
  const expiresAt = connectOfferExpiresAt(now, req.starts_at);
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE connect_requests SET status = 'offered', offer_expires_at = ?3, offer_expired_at = NULL, updated_at = ?2
         WHERE connect_request_id = ?1 AND status = 'new'`,
      )
      .bind(id, now, expiresAt),
    {
      actorUserId,
      action: "connect_request.offer",
      targetType: "connect_request",
      targetId: id,
      reason,
      before: { status: "new" },
      after: { status: "offered", vendor_ids: vendorIds, offer_expires_at: expiresAt },
      now,
    },
    [
      d1
        .prepare(
          `INSERT INTO connect_request_offers (connect_request_id, vendor_id, status, offered_at)
           SELECT ?1, value, 'offered', ?2 FROM json_each(?3) WHERE ${op.guard}
           ON CONFLICT (connect_request_id, vendor_id) DO UPDATE SET status = 'offered', offered_at = ?2, responded_at = NULL`,
        )
        .bind(id, now, ids),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await notifyVendors(env, vendorIds, { type: "connect.request", connect_request_id: id, at: now });
  const phones = await vendorPhones(db, vendorIds);
  const when = formatWhen(req.starts_at, req.time_zone);
  await Promise.all(
    [...phones.values()].map((to) =>
      textSafely(
        env,
        db,
        to,
        `A business booking is open: ${req.business_name}, ${req.people} people, ${when}. The first pro to schedule it gets it. See your dashboard.`,
        now,
      ),
    ),
  );
  return { connect_request_id: id, status: "offered", vendor_ids: vendorIds, offer_expires_at: expiresAt };
}

/**
 * Takes an assigned or offered request back to the queue (`new`); the pro (or every pro it was offered to) is
 * told it is no longer available. A request a pro already scheduled is not released.
 */
export async function releaseConnectRequest(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction & { reason: string },
): Promise<{ connect_request_id: number; status: "new" }> {
  const { id, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const req = await connectRequest(d1, id);
  if (req.status !== "assigned" && req.status !== "offered") fail("STAFF_ACTION_NOT_ALLOWED");
  const { results: offered } = await d1
    .prepare("SELECT vendor_id FROM connect_request_offers WHERE connect_request_id = ? AND status = 'offered'")
    .bind(id)
    .all<{ vendor_id: number }>();
  const op = newAuditedAction();
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE connect_requests SET status = 'new', vendor_id = NULL, offer_expires_at = NULL, updated_at = ?3
         WHERE connect_request_id = ?1 AND status = ?2 AND vendor_id IS ?4`,
      )
      .bind(id, req.status, now, req.vendor_id),
    {
      actorUserId,
      action: "connect_request.release",
      targetType: "connect_request",
      targetId: id,
      reason,
      before: { status: req.status, vendor_id: req.vendor_id },
      after: { status: "new", vendor_id: null },
      now,
    },
    [
      d1
        .prepare(
          `UPDATE connect_request_offers SET status = 'lost', responded_at = ?2
           WHERE connect_request_id = ?1 AND status = 'offered' AND ${op.guard}`,
        )
        .bind(id, now),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  const told = [...new Set([...(req.vendor_id ? [req.vendor_id] : []), ...offered.map((o) => o.vendor_id)])];
  await notifyVendors(env, told, { type: "connect.request", connect_request_id: id, at: now });
  const phones = await vendorPhones(db, told);
  await Promise.all(
    [...phones.values()].map((to) =>
      textSafely(env, db, to, `${req.business_name}: this business request is no longer available.`, now),
    ),
  );
  return { connect_request_id: id, status: "new" };
}

/** Closes a request not yet scheduled (a scheduled one's job is cancelled with the staff job tools). */
export async function cancelConnectRequest(
  d1: D1Database,
  input: StaffAction & { reason: string },
): Promise<{ connect_request_id: number; status: "cancelled" }> {
  const { id, reason, actorUserId, now } = input;
  const req = await connectRequest(d1, id);
  if (req.status === "cancelled" || req.status === "scheduled") fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        "UPDATE connect_requests SET status = 'cancelled', updated_at = ?3 WHERE connect_request_id = ?1 AND status = ?2",
      )
      .bind(id, req.status, now),
    {
      actorUserId,
      action: "connect_request.cancel",
      targetType: "connect_request",
      targetId: id,
      reason,
      before: { status: req.status },
      after: { status: "cancelled" },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { connect_request_id: id, status: "cancelled" };
}

async function connectRequest(d1: D1Database, id: number) {
  const row = await d1
    .prepare(
      `SELECT r.status, r.vendor_id, r.service_id, r.business_name, r.people, r.starts_at, r.time_zone, r.address, r.zipcode,
              r.sessions, s.duration_minutes
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id WHERE r.connect_request_id = ?`,
    )
    .bind(id)
    .first<{
      zipcode: string;
      sessions: number | null;
      duration_minutes: number;
      status: string;
      vendor_id: number | null;
      service_id: number;
      business_name: string;
      people: number;
      starts_at: number;
      time_zone: string;
      address: string;
    }>();
  if (!row) fail("NOT_FOUND");
  return row;
}
