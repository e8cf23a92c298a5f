import { and, eq, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { Hono } from "hono";
import { connectedAccounts, memberships, paymentIntents, webhookEvents } from "../../../schema/tables/payments";
import { paymentsFromEnv } from "../../adapters/payments";
import { accountStateOf } from "../../adapters/payments/account-state";
import type { IntentStatus, PaymentError, PaymentsPort, WebhookEvent } from "../../adapters/payments/port";
import { applyDisputeEvent, isDisputeEvent } from "../../disputes/apply";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";

/**
 * POST /api/stripe/webhook (docs/api-payments.md). The signature is the protection (Stripe's
 * `Stripe-Signature`, or the same scheme with LOCAL_WEBHOOK_SECRET for the local adapter), so the route needs
 * no session and no Origin. Each event is applied at most once: its id goes into webhook_events in the same
 * batch (one transaction) as its updates, so a redelivery, even a concurrent one, changes nothing and is
 * answered 200 so the sender stops retrying. A failure before the batch commits leaves nothing behind, and
 * the sender's retry applies the event then.
 *
 * Applied: payment_intent.* → payment_intents (a finished intent, succeeded or canceled, never moves back);
 * customer.subscription.updated/deleted → memberships (by provider_ref); account.updated →
 * connected_accounts; charge.dispute.* → disputes and the pro's pay (worker/disputes/apply.ts, which needs the
 * Worker's env: its conditional writes are raw SQL in one D1 batch). Other event types are recorded and
 * acknowledged.
 */

const INTENT_STATUSES = new Set<IntentStatus>([
  "requires_payment_method",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
]);

function intentStatusOf(raw: unknown): IntentStatus | null {
  if (raw === "requires_capture") return "processing";
  if (raw === "requires_confirmation") return "requires_payment_method";
  return INTENT_STATUSES.has(raw as IntentStatus) ? (raw as IntentStatus) : null;
}

type Obj = Record<string, unknown>;

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str((value as Obj | null)?.id);

/** The period end of a subscription object: on its first item since API 2025-03-31, on itself before. */
function periodEndMs(sub: Obj): number | null {
  const items = (sub.items as { data?: Obj[] } | undefined)?.data;
  const seconds = num(items?.[0]?.current_period_end) ?? num(sub.current_period_end);
  return seconds === null ? null : seconds * 1000;
}

function updatesFor(db: DrizzleD1Database, event: WebhookEvent, now: number): BatchItem<"sqlite">[] {
  const obj = event.object;
  const id = str(obj.id);
  if (!id) return [];

  if (event.type.startsWith("payment_intent.")) {
    const status = intentStatusOf(obj.status);
    if (!status) return [];
    const err = obj.last_payment_error as Obj | null | undefined;
    const lastError: PaymentError | null =
      err && status === "requires_payment_method"
        ? {
            code: str(err.code) ?? "card_declined",
            decline_code: str(err.decline_code),
            message: str(err.message) ?? "Your card was declined.",
          }
        : null;
    return [
      db
        .update(paymentIntents)
        .set({
          status,
          last_error: lastError ? JSON.stringify(lastError) : null,
          payment_method_id: idOf(obj.payment_method),
          updated_at: now,
        })
        .where(and(eq(paymentIntents.id, id), notInArray(paymentIntents.status, ["succeeded", "canceled"]))),
    ];
  }

  if (event.type === "customer.subscription.updated" || event.type === "customer.subscription.deleted") {
    const ended =
      event.type === "customer.subscription.deleted" ||
      ["canceled", "incomplete_expired", "unpaid"].includes(String(obj.status));
    if (ended) {
      const at = num(obj.canceled_at) ?? num(obj.ended_at);
      const endedAt = at === null ? now : at * 1000;
      // A cancellation the member asked for keeps the month they paid for (DELETE /subscriptions already
      // wrote it, or this event won the race); one for non-payment ends member prices now, so a period
      // Stripe moved on for an unpaid renewal grants nothing (docs/decisions/124-page-promises.md).
      const requested = str((obj.cancellation_details as Obj | null | undefined)?.reason) === "cancellation_requested";
      return [
        db
          .update(memberships)
          .set(
            requested
              ? { status: "cancelled", cancelled_at: endedAt }
              : {
                  status: "cancelled",
                  cancelled_at: endedAt,
                  current_period_end: sql<number>`min(coalesce(${memberships.current_period_end}, ${endedAt}), ${endedAt})`,
                },
          )
          .where(and(eq(memberships.provider_ref, id), eq(memberships.status, "active"))),
      ];
    }
    const periodEnd = periodEndMs(obj);
    if (periodEnd === null) return [];
    return [
      db
        .update(memberships)
        .set({ current_period_end: periodEnd })
        .where(and(eq(memberships.provider_ref, id), eq(memberships.status, "active"))),
    ];
  }

  if (event.type === "account.updated") {
    const state = accountStateOf(obj);
    // Events can arrive out of order: a state older than the one applied is ignored (by the event's time).
    const at = event.created ?? now;
    return [
      db
        .update(connectedAccounts)
        .set({ ...state, state_at: at, updated_at: now })
        .where(
          and(
            eq(connectedAccounts.account_id, id),
            notInArray(connectedAccounts.status, ["deleted"]),
            or(isNull(connectedAccounts.state_at), lte(connectedAccounts.state_at, at)),
          ),
        ),
    ];
  }
  return [];
}

/** Applies an event once. Answers "duplicate" when its id was already recorded. */
export async function applyWebhookEvent(
  db: DrizzleD1Database,
  provider: "local" | "stripe",
  event: WebhookEvent,
  now: number,
  env?: Env,
): Promise<"applied" | "duplicate"> {
  const seen = async () =>
    (await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id))).length > 0;
  if (await seen()) return "duplicate";
  if (isDisputeEvent(event.type)) {
    if (!env) throw new Error("dispute events are applied with the Worker's env");
    return applyDisputeEvent(env, db, provider, event, now);
  }
  const record = db.insert(webhookEvents).values({ id: event.id, provider, type: event.type, received_at: now });
  try {
    // The plain insert fails on a concurrent duplicate and takes the whole batch (the updates) with it.
    await db.batch([record, ...updatesFor(db, event, now)]);
  } catch (error) {
    if (await seen()) return "duplicate";
    throw error;
  }
  return "applied";
}

/**
 * Verifies a signed event and applies it once: the webhook route, and the local adapter's own events (it has no
 * network to post them on, so the code that changed the state hands them here, through the same checks).
 */
export async function receiveWebhook(
  port: PaymentsPort,
  db: DrizzleD1Database,
  payload: string,
  signature: string | null,
  now: number,
  env?: Env,
): Promise<"applied" | "duplicate"> {
  const event = await port.verifyWebhook(payload, signature);
  if (!event) fail("WEBHOOK_SIGNATURE_INVALID");
  return applyWebhookEvent(db, port.provider, event, now, env);
}

export const stripeWebhookApi = new Hono<AppEnv>().post("/webhook", async (c) => {
  const payload = await c.req.text();
  const db = c.get("db");
  const now = c.get("now");
  const port = paymentsFromEnv(c.env, db, now);
  const outcome = await receiveWebhook(port, db, payload, c.req.header("stripe-signature") ?? null, now, c.env);
  return c.json({ received: true, duplicate: outcome === "duplicate" });
});
