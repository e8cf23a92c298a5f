import type { DrizzleD1Database } from "drizzle-orm/d1";
import { BRAND_NAME } from "../../domain/brand";
import type { ReleasedJob } from "../admin/reoffer";
import { textSafely, whenText } from "../checkout/notify";
import { cancelSub, textClient, type SubRow } from "../client-subs/service";

/**
 * What follows a pro leaving the market (a staff deactivation or a termination, worker/vendors/staff-status.ts;
 * docs/decisions/118-vendor-account-states.md): nobody who counted on them is left without word. Texts never
 * throw (the change is already committed); each is sent once per job or subscription the change released.
 */

/** The text a customer gets when their pro can no longer come and the job goes to other pros. */
export function releasedJobText(job: Pick<ReleasedJob, "description" | "promised_arrival_time" | "time_zone">): string {
  const when = whenText({ description: job.description, start: job.promised_arrival_time, time_zone: job.time_zone });
  return `${BRAND_NAME}: your pro can no longer do your ${job.description}, ${when}. We're offering it to other pros now and will text you when one accepts.`;
}

/** Texts the customer of each released job. */
export async function tellCustomersOfReleasedJobs(
  env: Env,
  db: DrizzleD1Database,
  jobs: readonly ReleasedJob[],
  now: number,
): Promise<void> {
  if (jobs.length === 0) return;
  const { results } = await env.DB.prepare(
    "SELECT user_id, phone FROM users WHERE user_id IN (SELECT value FROM json_each(?)) AND phone IS NOT NULL",
  )
    .bind(JSON.stringify([...new Set(jobs.map((j) => j.user_id))]))
    .all<{ user_id: number; phone: string }>();
  const phones = new Map(results.map((r) => [r.user_id, r.phone]));
  for (const job of jobs) {
    const phone = phones.get(job.user_id);
    if (phone) await textSafely(env, db, phone, releasedJobText(job), now);
  }
}

export const SUBSCRIPTION_ENDED_TEXT = `${BRAND_NAME}: your recurring service has ended because your professional no longer works with us. You won't be charged again.`;

/** Ends every live client subscription of the pro (their booked dates are let go) and texts each client. */
export async function endClientSubscriptions(
  env: Env,
  db: DrizzleD1Database,
  vendorId: number,
  now: number,
): Promise<number> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM client_subscriptions WHERE vendor_id = ? AND status <> 'cancelled'",
  )
    .bind(vendorId)
    .all<SubRow>();
  let ended = 0;
  for (const sub of results) {
    try {
      if (!(await cancelSub(env, sub, "vendor_inactive", now))) continue;
      ended += 1;
      await textClient(env, db, sub, SUBSCRIPTION_ENDED_TEXT, now);
    } catch (err) {
      console.error(JSON.stringify({ at: "standDown.clientSub", id: sub.client_subscription_id, error: String(err) }));
    }
  }
  return ended;
}
