import type { DrizzleD1Database } from "drizzle-orm/d1";
import { geoFromEnv } from "../adapters/geo";
import { calendarFor } from "../calendar/calendar-client";
import { jobCandidates, offerExpiresAt } from "../checkout/job-candidates";
import { jobOfferText, textSafely, vendorPhones, type JobText } from "../checkout/notify";

/** A job staff took away from its vendor (a termination) that now goes back to the market. */
export interface ReleasedJob {
  service_order_id: number;
  user_id: number;
  service_id: number;
  description: string;
  promised_arrival_time: number;
  job_minutes: number;
  is_connect: boolean;
  zipcode: string;
  time_zone: string;
}

/**
 * After the batch that released the jobs (service_orders back to pending with no vendor): free the old
 * vendor's calendar (if the job had one; `releaseKey` names the action in the release's key), then offer each job to the vendors who can take it (the checkout's rule,
 * worker/checkout/job-candidates.ts), reviving offers that were "lost" to the old vendor, and text the new
 * candidates. Failures are logged, never thrown: the release is already committed and a job left without
 * candidates stays pending for staff to place. Answers the vendor ids offered, per job.
 */
export async function reofferJobs(
  env: Env,
  db: DrizzleD1Database,
  oldVendorId: number | null,
  jobs: readonly ReleasedJob[],
  now: number,
  releaseKey = "terminate",
): Promise<Record<number, number[]>> {
  const offered: Record<number, number[]> = {};
  const calendar = oldVendorId === null ? null : calendarFor(env, oldVendorId);
  await Promise.all(
    jobs.map((j) =>
      calendar
        ?.releaseBooking(
          oldVendorId!,
          String(j.service_order_id),
          `staff:${releaseKey}:${oldVendorId}:${j.service_order_id}`,
          now,
        )
        .catch((err) =>
          console.error(JSON.stringify({ at: "reoffer.releaseBooking", soid: j.service_order_id, error: String(err) })),
        ),
    ),
  );
  const geo = geoFromEnv(env, db);
  const byVendor = new Map<number, { zip: string; jobs: JobText[] }>();
  for (const j of jobs) {
    try {
      const place = await geo.lookupZip(j.zipcode);
      if (!place) continue;
      const [candidates] = await jobCandidates(
        db,
        place,
        j.user_id,
        [
          {
            serviceId: j.service_id,
            start: j.promised_arrival_time,
            minutes: j.job_minutes,
            isConnect: j.is_connect,
            holdId: `staff-release:${j.service_order_id}`,
            holdVendorId: oldVendorId ?? -1,
            chosenVendorId: null,
            hint: null,
          },
        ],
        now,
      );
      // Never the pro it was taken from, nor a pro whose offer for it is declined (they declined it, gave it
      // back, or staff moved it away from them: docs/decisions/088).
      const declined = await env.DB.prepare(
        "SELECT vendor_id FROM job_offers WHERE service_order_id = ? AND status = 'declined'",
      )
        .bind(j.service_order_id)
        .all<{ vendor_id: number }>();
      const out = new Set(declined.results.map((r) => r.vendor_id));
      const ids = (candidates ?? []).filter((id) => id !== oldVendorId && !out.has(id));
      offered[j.service_order_id] = ids;
      if (ids.length === 0) continue;
      await env.DB.prepare(
        `INSERT INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at)
         SELECT ?1, value, 'offered', ?2, ?3 FROM json_each(?4) WHERE true
         ON CONFLICT (service_order_id, vendor_id) DO UPDATE SET status = 'offered', offered_at = ?2,
           expires_at = ?3, responded_at = NULL WHERE job_offers.status IN ('lost', 'expired')`,
      )
        .bind(j.service_order_id, now, offerExpiresAt(j.promised_arrival_time), JSON.stringify(ids))
        .run();
      for (const id of ids) {
        const entry = byVendor.get(id) ?? { zip: j.zipcode, jobs: [] };
        entry.jobs.push({ description: j.description, start: j.promised_arrival_time, time_zone: j.time_zone });
        byVendor.set(id, entry);
      }
    } catch (err) {
      console.error(JSON.stringify({ at: "reoffer.offer", soid: j.service_order_id, error: String(err) }));
    }
  }
  const phones = await vendorPhones(db, [...byVendor.keys()]);
  await Promise.all(
    [...byVendor].map(([id, e]) => {
      const phone = phones.get(id);
      return phone ? textSafely(env, db, phone, jobOfferText(e.jobs, e.zip), now) : null;
    }),
  );
  return offered;
}
