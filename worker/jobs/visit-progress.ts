import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso } from "../../domain/calendar/time";
import { haversineMiles } from "../../domain/location/distance";
import {
  etaMinutes,
  isMarked,
  roundedMiles,
  stageOfStep,
  visitStepProblem,
  type VisitMarks,
  type VisitStep,
} from "../../domain/visit-progress";
import type { JobActionsView } from "../../schema/payloads/job-actions";
import type { VisitStage } from "../../schema/payloads/order-live";
import { visitProgress } from "../../schema/tables/visits";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import { notifyCustomer } from "../orders/notify-customer";
import { customerPhoneOf, firstNameOf, vendorJob } from "./vendor-job";

/**
 * The pro's one-tap steps of a visit and the shared location while on the way
 * (docs/decisions/151-on-the-way-and-arrived.md). Each step is written once, by a conditional upsert whose
 * WHERE checks the job is still this pro's and open and that the step is not marked yet, so a double tap or a
 * race writes (and pushes and texts) once. The customer's pages get the step at once (CustomerLive); a
 * customer with no visible order page is texted at "on the way" and "arrived" instead.
 */

interface ProgressRow extends VisitMarks {
  distance_miles: number | null;
  eta_at: number | null;
  located_at: number | null;
}

export interface VisitView {
  service_order_id: number;
  stage: VisitStage;
  on_the_way_at: string | null;
  arrived_at: string | null;
  started_at: string | null;
  distance_miles: number | null;
  eta_at: string | null;
  /** Whether the customer was told by a text (no page of theirs was being looked at). */
  texted: boolean;
}

const OPEN_FOR_PRO = "so.service_order_status_id IN (20, 30)";

async function progressOf(db: D1Database, soId: number): Promise<ProgressRow | null> {
  return db
    .prepare(
      `SELECT on_the_way_at, arrived_at, started_at, distance_miles, eta_at, located_at
       FROM visit_progress WHERE service_order_id = ?`,
    )
    .bind(soId)
    .first<ProgressRow>();
}

/** Miles from a point (or the pro's base ZIP) to the service address's ZIP; null when either is unknown. */
async function milesToJob(
  db: D1Database,
  soId: number,
  vendorId: number,
  from: { lat: number; lng: number } | null,
): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT z.latitude AS lat, z.longitude AS lng, v.latitude AS vlat, v.longitude AS vlng
       FROM service_orders so JOIN zipcodes z ON z.zip = so.zipcode JOIN vendors v ON v.vendor_id = ?2
       WHERE so.service_order_id = ?1`,
    )
    .bind(soId, vendorId)
    .first<{ lat: number; lng: number; vlat: number | null; vlng: number | null }>();
  if (!row) return null;
  const origin = from ?? (row.vlat !== null && row.vlng !== null ? { lat: row.vlat, lng: row.vlng } : null);
  return origin ? roundedMiles(haversineMiles(origin, { lat: row.lat, lng: row.lng })) : null;
}

function view(soId: number, stage: VisitStage, p: ProgressRow | null, texted: boolean): VisitView {
  const at = (n: number | null | undefined) => (n == null ? null : iso(n));
  return {
    service_order_id: soId,
    stage,
    on_the_way_at: at(p?.on_the_way_at),
    arrived_at: at(p?.arrived_at),
    started_at: at(p?.started_at),
    distance_miles: p?.started_at == null && p?.arrived_at == null ? (p?.distance_miles ?? null) : null,
    eta_at: p?.started_at == null && p?.arrived_at == null ? at(p?.eta_at) : null,
    texted,
  };
}

/**
 * The assigned pro marks `step` of job `soId`. Guarantees: only the job's assigned pro (another pro, or an
 * unassigned job, answers NOT_FOUND); only while the job is open (VISIT_JOB_CLOSED after completion or a
 * cancellation); in order (VISIT_STEP_OUT_OF_ORDER, VISIT_TOO_EARLY; domain/visit-progress.ts); a repeated tap
 * answers the same state and pushes and texts nothing. "started" deletes the shared position.
 */
export async function markVisitStep(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; serviceOrderId: number; step: VisitStep; now: number; origin: string },
): Promise<VisitView> {
  const { vendorId, serviceOrderId: soId, step, now } = input;
  const job = await vendorJob(db, vendorId, soId);
  const before = await progressOf(env.DB, soId);
  const marks: VisitMarks = before ?? { on_the_way_at: null, arrived_at: null, started_at: null };
  const problem = visitStepProblem(
    step,
    { status: job.service_order_status_id, start: job.promised_arrival_time },
    marks,
    now,
  );
  if (problem) fail(problem);
  if (isMarked(step, marks)) return view(soId, stageOfStep(step), before, false);

  let changes: number;
  if (step === "started") {
    const r = await env.DB.prepare(
      `UPDATE visit_progress SET started_at = ?1, located_lat = NULL, located_lng = NULL, located_at = NULL,
         distance_miles = NULL, eta_at = NULL, updated_at = ?1
       WHERE service_order_id = ?2 AND started_at IS NULL AND arrived_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM service_orders so WHERE so.service_order_id = ?2 AND so.vendor_id = ?3 AND ${OPEN_FOR_PRO})`,
    )
      .bind(now, soId, vendorId)
      .run();
    changes = r.meta.changes;
  } else {
    const onTheWay = step === "on_the_way";
    const miles = onTheWay ? await milesToJob(env.DB, soId, vendorId, null) : null;
    const eta = miles === null ? null : now + etaMinutes(miles) * 60_000;
    // The insert comes from the job row itself, so an unassigned, closed or other pro's job inserts nothing;
    // the update's WHERE keeps the order of the steps under racing taps.
    const r = await env.DB.prepare(
      `INSERT INTO visit_progress (service_order_id, vendor_id, on_the_way_at, arrived_at, distance_miles, eta_at, updated_at)
       SELECT so.service_order_id, so.vendor_id, ?1, ?2, ?3, ?4, ?5 FROM service_orders so
       WHERE so.service_order_id = ?6 AND so.vendor_id = ?7 AND ${OPEN_FOR_PRO}
       ON CONFLICT (service_order_id) DO UPDATE SET
         on_the_way_at = COALESCE(visit_progress.on_the_way_at, excluded.on_the_way_at),
         arrived_at = COALESCE(visit_progress.arrived_at, excluded.arrived_at),
         distance_miles = CASE WHEN excluded.arrived_at IS NULL THEN excluded.distance_miles END,
         eta_at = CASE WHEN excluded.arrived_at IS NULL THEN excluded.eta_at END,
         located_lat = CASE WHEN excluded.arrived_at IS NULL THEN visit_progress.located_lat END,
         located_lng = CASE WHEN excluded.arrived_at IS NULL THEN visit_progress.located_lng END,
         located_at = CASE WHEN excluded.arrived_at IS NULL THEN visit_progress.located_at END,
         vendor_id = excluded.vendor_id,
         updated_at = excluded.updated_at
       WHERE visit_progress.started_at IS NULL AND visit_progress.arrived_at IS NULL
         AND (excluded.arrived_at IS NOT NULL OR visit_progress.on_the_way_at IS NULL)`,
    )
      .bind(onTheWay ? now : null, onTheWay ? null : now, miles, eta, now, soId, vendorId)
      .run();
    changes = r.meta.changes;
  }
  const after = await progressOf(env.DB, soId);
  if (changes === 0) {
    // Lost a race: the same step by another tap is a repeat; anything else changed the job under us.
    if (after && isMarked(step, after)) return view(soId, stageOfStep(step), after, false);
    fail("VISIT_STEP_OUT_OF_ORDER");
  }

  const stage = stageOfStep(step);
  const pushed = await notifyCustomer(env, job.user_id, {
    type: "order.changed",
    service_order_id: soId,
    stage,
    at: now,
  });
  let texted = false;
  if (step !== "started" && (pushed === null || pushed.watching === 0)) {
    const phone = customerPhoneOf(job);
    if (phone) {
      const link = new URL("/account/orders", input.origin);
      link.searchParams.set("so", String(soId));
      const pro = job.vendor_name ?? "Your professional";
      const eta = after?.eta_at ? `, arriving around ${formatLocal(after.eta_at, job.time_zone).slice(11)}` : "";
      const body =
        step === "on_the_way"
          ? `Hi ${firstNameOf(job.customer_name)}, ${pro} is on the way for your ${job.service_description}${eta}. Follow along: ${link.toString()}`
          : `Hi ${firstNameOf(job.customer_name)}, ${pro} has arrived for your ${job.service_description}. ${link.toString()}`;
      texted = await sendSms(env, db, { to: phone, body, now }).catch((err) => {
        console.error(JSON.stringify({ at: "visit.sms", service_order_id: soId, step, error: String(err) }));
        return false;
      });
    }
  }
  return view(soId, stage, after, texted);
}

/** The visit's steps as the pro's job page shows them (GET /vendor/me/jobs/{id}/actions). */
export async function proVisitView(
  db: DrizzleD1Database,
  soId: number,
  vendorId: number,
): Promise<JobActionsView["visit"]> {
  const [row] = await db
    .select({
      on_the_way_at: visitProgress.on_the_way_at,
      arrived_at: visitProgress.arrived_at,
      started_at: visitProgress.started_at,
      distance_miles: visitProgress.distance_miles,
      eta_at: visitProgress.eta_at,
      located_at: visitProgress.located_at,
    })
    .from(visitProgress)
    .where(and(eq(visitProgress.service_order_id, soId), eq(visitProgress.vendor_id, vendorId)))
    .limit(1);
  const { stage: _stage, service_order_id: _id, texted: _texted, ...rest } = view(soId, "accepted", row ?? null, false);
  return rest;
}

/** The shortest gap between two position updates the server takes; closer ones answer without a write. */
const LOCATION_MIN_GAP_MS = 15_000;

/**
 * The pro's browser shares its position while on the way (only if the pro allowed it). Guarantees: only the
 * assigned pro, only between "on my way" and "arrived" (VISIT_NOT_ON_THE_WAY otherwise); the position is
 * kept only to compute the distance and estimate, which are all the customer receives; updates closer than
 * 15 s apart are not written.
 */
export async function shareLocation(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; serviceOrderId: number; lat: number; lng: number; now: number },
): Promise<VisitView> {
  const { vendorId, serviceOrderId: soId, now } = input;
  const job = await vendorJob(db, vendorId, soId);
  const before = await progressOf(env.DB, soId);
  if (!before?.on_the_way_at || before.arrived_at !== null || before.started_at !== null) fail("VISIT_NOT_ON_THE_WAY");
  if (before.located_at !== null && now - before.located_at < LOCATION_MIN_GAP_MS && now >= before.located_at)
    return view(soId, "on_the_way", before, false);
  const miles = await milesToJob(env.DB, soId, vendorId, { lat: input.lat, lng: input.lng });
  const eta = miles === null ? null : now + etaMinutes(miles) * 60_000;
  const r = await env.DB.prepare(
    `UPDATE visit_progress SET located_lat = ?1, located_lng = ?2, located_at = ?3, distance_miles = ?4, eta_at = ?5, updated_at = ?3
     WHERE service_order_id = ?6 AND on_the_way_at IS NOT NULL AND arrived_at IS NULL AND started_at IS NULL
       AND EXISTS (SELECT 1 FROM service_orders so WHERE so.service_order_id = ?6 AND so.vendor_id = ?7 AND ${OPEN_FOR_PRO})`,
  )
    .bind(input.lat, input.lng, now, miles, eta, soId, vendorId)
    .run();
  if (r.meta.changes === 0) fail("VISIT_NOT_ON_THE_WAY");
  const after = await progressOf(env.DB, soId);
  if (miles !== null && eta !== null)
    await notifyCustomer(env, job.user_id, {
      type: "order.eta",
      service_order_id: soId,
      distance_miles: miles,
      eta_at: eta,
      at: now,
    });
  return view(soId, "on_the_way", after, false);
}
