import { calendarFor } from "../calendar/calendar-client";

/**
 * Frees a closed or moved job's time in the calendar object that holds it, and so in D1's search projection
 * (`vendor_busy`): the pro's, or for a job no pro has accepted the one checkout booked it on (the chosen pro,
 * or for "any pro" the one that held the time). `key` names the action (the release is idempotent by it).
 * Failures are logged, never thrown: the action that closed the job is already committed, and the invariant
 * check (worker/jobs/staff-release.test.ts) checks none is left behind.
 */
export async function releaseJobBooking(
  env: Env,
  job: { service_order_id: number; vendor_id: number | null },
  key: string,
  now: number,
): Promise<void> {
  const soId = job.service_order_id;
  let vendorId = job.vendor_id;
  if (vendorId === null) {
    const row = await env.DB.prepare("SELECT hold_vendor_id AS v FROM checkout_items WHERE service_order_id = ?")
      .bind(soId)
      .first<{ v: number | null }>();
    vendorId = row?.v ?? null;
  }
  if (vendorId === null) return;
  await calendarFor(env, vendorId)
    .releaseBooking(vendorId, String(soId), `${key}:v${vendorId}`, now)
    .catch((err) => console.error(JSON.stringify({ at: "jobs.release-booking", soId, key, error: String(err) })));
}
