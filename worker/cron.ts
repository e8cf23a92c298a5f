import { and, isNull, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { oneTimeCodes, rateLimits, sessions } from "../schema/tables/accounts";
import { carts } from "../schema/tables/orders";
import { CART_COOKIE_MAX_AGE_S } from "./calendar/cart-store";
import { sendDueReminders } from "./checkout/reminders";
import { sweepCheckouts } from "./checkout/sweep";
import { runLicenceChecks } from "./vendors/licence-expiry";
import { enqueueDue } from "./cron/queue";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Cron Trigger work (wrangler.toml [triggers], every 5 minutes): housekeeping, due SMS reminders, and the
 * checkout sweep (completes paid checkouts the browser left, cancels stale unpaid drafts, retries pending
 * refunds). Every job is safe to run twice.
 */
export async function runScheduled(env: Env, now: number): Promise<void> {
  const db = drizzle(env.DB);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expires_at, now)),
    db.delete(oneTimeCodes).where(lt(oneTimeCodes.expires_at, now - DAY_MS)),
    db.delete(rateLimits).where(lt(rateLimits.window_start, now - DAY_MS)),
    // A visitor cart outlives its cookie by nothing: once the cookie has expired nobody can reach it.
    // Its items go with it (cascade); their holds expired long before.
    db.delete(carts).where(and(isNull(carts.user_id), lt(carts.updated_at, now - CART_COOKIE_MAX_AGE_S * 1000))),
  ]);
  await sendDueReminders(env, now);
  await sweepCheckouts(env, now);
  await runLicenceChecks(env, now);
  // Billing, reminders, renewals and payouts: found here, done by the queue consumer (worker/cron/queue.ts).
  const enqueued = await enqueueDue(env, now);
  console.log(JSON.stringify({ at: "cron.tick", now, enqueued }));
}
