import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso, parseLocal } from "../../domain/calendar/time";
import { formatWhen } from "../../domain/slot-format";
import { newAuditedAction, runAudited } from "../admin/audit";
import { notifyVendors } from "../calendar/notify-vendor";
import { textSafely, vendorPhones } from "../checkout/notify";
import { fail } from "../http/errors";
import { prosWhoCanTakeAt } from "./eligibility";
import { requestOf } from "./schedule";

/**
 * A pro who cannot make a business request's time proposes another (docs/decisions/123): the time the
 * calendar's refusal named (or any other they are free at). The request keeps its time until connect staff
 * accept the proposal; then it moves to that time, assigned to that pro, who schedules it as usual.
 */

export interface ConnectProposal {
  connect_request_id: number;
  proposed_starts_at: string;
  proposed_local_time: string;
}

/** The request's open-for-this-pro condition, as scheduling uses it (assigned to them, or offered and open). */
const openFor = (now: number) =>
  `r.connect_request_id = ?1 AND r.starts_at > ${Math.trunc(now)} AND ((r.status = 'assigned' AND r.vendor_id = ?2)
    OR (r.status = 'offered' AND coalesce(r.offer_expires_at, ${Math.trunc(now)} + 1) > ${Math.trunc(now)}
      AND EXISTS (SELECT 1 FROM connect_request_offers x WHERE x.connect_request_id = ?1 AND x.vendor_id = ?2 AND x.status = 'offered')))`;

/**
 * POST /vendor/me/vendor-connect-propose. NOT_FOUND for a request not this pro's to schedule; INVALID_INPUT for
 * a time in the past or the requested one; INVALID_INPUT / CONNECT_PRO_NOT_FREE when the pro's range does not
 * reach the address or they are not free then (the search projection, like the staff's pro list). The
 * proposal is written only while the request is still this pro's to schedule; a later one replaces it.
 */
export async function proposeConnectTime(
  env: Env,
  db: DrizzleD1Database,
  vendorId: number,
  input: { connect_request_id: number; selectedDate: string; sessions: number },
  now: number,
): Promise<ConnectProposal> {
  const d1 = env.DB;
  const id = input.connect_request_id;
  const req = await requestOf(d1, id);
  if (!req) return fail("NOT_FOUND", { connect_request_id: "We couldn't find this request among yours." });
  const start = parseLocal(input.selectedDate, req.time_zone);
  if (!Number.isFinite(start) || start <= now) fail("INVALID_INPUT", { selectedDate: "Pick a time ahead." });
  if (start === req.starts_at) fail("INVALID_INPUT", { selectedDate: "That is the time the business asked for." });
  const open = await d1
    .prepare(`SELECT 1 AS ok FROM connect_requests r WHERE ${openFor(now)}`)
    .bind(id, vendorId)
    .first();
  if (!open) return fail("NOT_FOUND", { connect_request_id: "We couldn't find this request among yours." });
  await prosWhoCanTakeAt(
    env,
    db,
    [vendorId],
    {
      service_id: req.service_id,
      zipcode: req.zipcode,
      starts_at: start,
      minutes: req.duration_minutes * input.sessions,
      time_zone: req.time_zone,
    },
    now,
    { field: "selectedDate" },
  );
  const written = await d1
    .prepare(
      `UPDATE connect_requests AS r SET proposed_starts_at = ?3, proposed_vendor_id = ?2, proposed_at = ?4
       WHERE ${openFor(now)} RETURNING connect_request_id`,
    )
    .bind(id, vendorId, start, now)
    .first();
  if (!written) fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  return {
    connect_request_id: id,
    proposed_starts_at: iso(start),
    proposed_local_time: formatLocal(start, req.time_zone),
  };
}

/**
 * POST /connect/admin/requests/:id/accept-proposal: the request moves to the proposed time and is assigned
 * to the pro who proposed it (they are told live and by text, and schedule it as usual). Audited; applies only
 * while the request is still new, assigned or offered with that proposal. STAFF_ACTION_NOT_ALLOWED otherwise.
 */
export async function acceptConnectProposal(
  env: Env,
  db: DrizzleD1Database,
  input: { id: number; reason: string | null; actorUserId: number; now: number },
): Promise<{
  connect_request_id: number;
  status: "assigned";
  vendor_id: number;
  starts_at: string;
  local_time: string;
}> {
  const { id, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const r = await d1
    .prepare(
      `SELECT status, vendor_id, starts_at, time_zone, business_name, people, address, proposed_starts_at, proposed_vendor_id
       FROM connect_requests WHERE connect_request_id = ?`,
    )
    .bind(id)
    .first<{
      status: string;
      vendor_id: number | null;
      starts_at: number;
      time_zone: string;
      business_name: string;
      people: number;
      address: string;
      proposed_starts_at: number | null;
      proposed_vendor_id: number | null;
    }>();
  if (!r) return fail("NOT_FOUND");
  const proposer = r.proposed_vendor_id;
  const start = r.proposed_starts_at;
  if (!["new", "assigned", "offered"].includes(r.status) || proposer === null || start === null || start <= now) {
    return fail("STAFF_ACTION_NOT_ALLOWED");
  }
  // The pro's scheduling keys its hold by the request's updated_at: moving it forward makes the moved request's
  // hold a new one (not a replay of a refusal at the old time).
  const op = newAuditedAction();
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE connect_requests SET starts_at = ?3, status = 'assigned', vendor_id = ?2, offer_expires_at = NULL,
           offer_expired_at = NULL, proposed_starts_at = NULL, proposed_vendor_id = NULL, proposed_at = NULL,
           updated_at = max(updated_at + 1, ?4)
         WHERE connect_request_id = ?1 AND status = ?5 AND proposed_vendor_id = ?2 AND proposed_starts_at = ?3`,
      )
      .bind(id, proposer, start, now, r.status),
    {
      actorUserId,
      action: "connect_request.accept_proposal",
      targetType: "connect_request",
      targetId: id,
      reason,
      before: { status: r.status, vendor_id: r.vendor_id, starts_at: iso(r.starts_at) },
      after: { status: "assigned", vendor_id: proposer, starts_at: iso(start) },
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
  await notifyVendors(env, [proposer], { type: "connect.request", connect_request_id: id, at: now });
  const phone = (await vendorPhones(db, [proposer])).get(proposer);
  if (phone) {
    await textSafely(
      env,
      db,
      phone,
      `${r.business_name} agreed to your time: ${formatWhen(start, r.time_zone)}, ${r.people} people at ${r.address}. Schedule it from your dashboard.`,
      now,
    );
  }
  return {
    connect_request_id: id,
    status: "assigned",
    vendor_id: proposer,
    starts_at: iso(start),
    local_time: formatLocal(start, r.time_zone),
  };
}
