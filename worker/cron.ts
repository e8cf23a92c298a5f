import { and, isNull, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { oneTimeCodes, rateLimits, sessions } from "../schema/tables/accounts";
import { carts } from "../schema/tables/orders";
import { CART_COOKIE_MAX_AGE_S } from "./cart/cart-store";
import { sendDueReminders } from "./checkout/reminders";
import { runLicenceChecks } from "./vendors/licence-expiry";
import { enqueueDue } from "./cron/queue";
import { paymentsFromEnv } from "./adapters/payments";
import { sweepRescheduleRefunds } from "./orders/reschedule-price";
import { expireConnectOffers, remindUnpaidConnectInvoices } from "./connect/sweep";
import { sweepLapsedChosenOffers } from "./jobs/offer-rounds";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Cron Trigger work (wrangler.toml [triggers], every 5 minutes): housekeeping and due SMS reminders inline; the
 * checkout sweep (completes paid checkouts the browser left, cancels stale unpaid drafts, retries pending
 * refunds), expiries and billing as queue items (worker/cron/queue.ts). Every job is safe to run twice.
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
  // The checkout sweep (abandoned and paid drafts, refunds to retry) and the other expiries go through the queue
  // with the billing items: one message per draft or refund (enqueueDue below).
  await runLicenceChecks(env, now);
  // Reschedule price differences that will not be used (declined, lapsed, replaced) are refunded here, and failed
  // refunds retried (docs/decisions/067); each is idempotent by its request's key.
  await sweepRescheduleRefunds(env, db, () => paymentsFromEnv(env, db, now), now).catch((err) =>
    console.error(JSON.stringify({ at: "cron.reschedule-refunds", error: String(err) })),
  );
  // A chosen pro who did not accept within their confirm window: the customer is told and the job opens to the
  // other pros (decision 122; the watching calendar object's alarm does the same, whichever comes first).
  await sweepLapsedChosenOffers(env, now).catch((err) =>
    console.error(JSON.stringify({ at: "cron.chosen-offers", error: String(err) })),
  );
  // Business requests: offer rounds nobody took go back to the queue, unpaid invoices are reminded (decisions 113, 114).
  await expireConnectOffers(env, now).catch((err) =>
    console.error(JSON.stringify({ at: "cron.connect-offers", error: String(err) })),
  );
  await remindUnpaidConnectInvoices(env, db, now).catch((err) =>
    console.error(JSON.stringify({ at: "cron.connect-invoices", error: String(err) })),
  );
  // Billing, reminders, renewals and payouts: found here, done by the queue consumer (worker/cron/queue.ts).
  const enqueued = await enqueueDue(env, now);
  console.log(JSON.stringify({ at: "cron.tick", now, enqueued }));
}
