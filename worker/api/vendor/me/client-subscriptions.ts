import { formatWhen } from "../../../../domain/slot-format";
import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../../domain/messages";
import { BILLING_RULES, chargeAt } from "../../../../domain/payout-rules";
import { cancelSub, linkUrl, newLinkToken, subById, textClient, type SubRow } from "../../../client-subs/service";
import { createClientSubscription } from "../../../client-subs/create";
import { describeSubscription as describe } from "../../../client-subs/views";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { jsonBody } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";

/**
 * Client subscriptions, the pro's side (SPEC section 7 "Vendor" calls; docs/decisions/072-client-subscriptions.md):
 * mounted at /vendor/me, vendors only, their own subscriptions. The client's side, reached with the texted
 * link's token, is worker/api/client-subscription.ts.
 */

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const IdBody = v.object({ client_subscription_id: Id });
const Phone = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\+?1?\D*\d{3}\D*\d{3}\D*\d{4}$/, "Enter a 10-digit US phone number."),
);
const Price = v.pipe(v.number(), v.integer("Enter the price in cents."), v.minValue(500), v.maxValue(500_000));

const CreateBody = v.object({
  client_name: v.pipe(v.string(), v.trim(), v.minLength(2, "Enter the client's name."), v.maxLength(80)),
  client_phone: Phone,
  client_email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.email("Enter a valid email."), v.maxLength(120)))),
  service_id: Id,
  price_cents: Price,
  interval_days: v.pipe(
    v.number(),
    v.check((n) => BILLING_RULES.intervalDays.includes(n), "Choose every 1, 2, 3 or 4 weeks, or monthly."),
  ),
  /** The first visit: its local date and time at the service address (preferred), or an instant. */
  first_service_at: v.optional(v.pipe(v.number(), v.integer())),
  first_date: v.optional(v.pipe(v.string(), v.isoDate("Choose the first date."))),
  first_time: v.optional(v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose the time."))),
  address: v.pipe(v.string(), v.trim(), v.minLength(5, "Enter the service address."), v.maxLength(200)),
  zipcode: v.pipe(v.string(), v.regex(/^\d{5}$/, "Enter a 5-digit ZIP code.")),
  idempotency_key: v.pipe(v.string(), v.minLength(8), v.maxLength(80)),
});

function vendorIdOf(c: Parameters<typeof viewerOf>[0]): number {
  const viewer = viewerOf(c);
  if (viewer.vendor_id == null) fail("FORBIDDEN");
  return viewer.vendor_id;
}

async function ownSub(c: { env: Env }, vendorId: number, id: number): Promise<SubRow> {
  const sub = await subById(c.env.DB, id);
  if (!sub || sub.vendor_id !== vendorId) fail("NOT_FOUND");
  return sub;
}

export const vendorClientSubscriptionApi = new Hono<AppEnv>()
  .use("/customer-subscription", requireVendor)
  .use("/customer-subscription-active", requireVendor)
  .use("/update-client-subscription", requireVendor)
  .use("/cancel-client-subscription", requireVendor)
  .use("/getCustomerSubscription", requireVendor)
  .use("/updateSubscriptionPayment", requireVendor)
  .use("/updateSubscriptionEmail", requireVendor)
  .use("/cancelSubscription", requireVendor)
  .use("/customer-subscription-services", requireVendor)
  .get("/customer-subscription-services", async (c) => {
    // The pro's own services, to choose from when setting up a client's subscription.
    const rows = await c.env.DB.prepare(
      `SELECT s.service_id, s.description, s.duration_minutes, coalesce(vs.price_override_cents, s.base_price_cents) AS price_cents
       FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
       WHERE vs.vendor_id = ? AND vs.enabled = 1 AND s.enable = 1 ORDER BY s.description`,
    )
      .bind(vendorIdOf(c))
      .all();
    return c.json({ data: rows.results });
  })
  .get("/customer-subscription", async (c) => {
    const vendorId = vendorIdOf(c);
    const rows = await c.env.DB.prepare(
      "SELECT * FROM client_subscriptions WHERE vendor_id = ? ORDER BY status = 'cancelled', next_service_at LIMIT 200",
    )
      .bind(vendorId)
      .all<SubRow>();
    return c.json({ data: await Promise.all(rows.results.map((r) => describe(c.env.DB, r))) });
  })
  .post("/customer-subscription-active", async (c) => {
    const vendorId = vendorIdOf(c);
    const body = await jsonBody(c, CreateBody);
    const { sub, replayed } = await createClientSubscription(c.env, c.get("db"), {
      ...body,
      vendorId,
      origin: new URL(c.req.url).origin,
      now: c.get("now"),
    });
    if (replayed) return c.json({ data: await describe(c.env.DB, sub), replayed: true });
    return c.json({ data: await describe(c.env.DB, sub), message: messageFor("VSUBSCRIPTION_CREATED") }, 201);
  })
  .post("/update-client-subscription", async (c) => {
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const body = await jsonBody(c, v.object({ client_subscription_id: Id, price_cents: Price }));
    const sub = await ownSub(c, vendorId, body.client_subscription_id);
    if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
    if (body.price_cents === sub.price_cents) return c.json({ data: await describe(c.env.DB, sub) });
    // A lower price needs nobody's approval; a higher one waits for the client's (or cancels by the next date).
    const raise = body.price_cents > sub.price_cents;
    const updated = await c.env.DB.prepare(
      raise
        ? `UPDATE client_subscriptions SET pending_price_cents = ?2, status = 'pending_approval', price_change_requested_at = ?3, updated_at = ?3
           WHERE client_subscription_id = ?1 AND status <> 'cancelled' RETURNING *`
        : `UPDATE client_subscriptions SET price_cents = ?2, pending_price_cents = NULL, updated_at = ?3,
             status = CASE WHEN status = 'pending_approval' THEN CASE WHEN payment_method_id IS NULL THEN 'created' ELSE 'active' END ELSE status END
           WHERE client_subscription_id = ?1 AND status <> 'cancelled' RETURNING *`,
    )
      .bind(sub.client_subscription_id, body.price_cents, now)
      .first<SubRow>();
    if (!updated) fail("ERROR_VSUBSCRIPTION");
    const token = await newLinkToken(c.env.DB, sub.client_subscription_id, now);
    const url = linkUrl(new URL(c.req.url).origin, token);
    const dollars = (body.price_cents / 100).toFixed(2);
    await textClient(
      c.env,
      c.get("db"),
      updated,
      raise
        ? `Your recurring service price is changing to $${dollars}. Approve it before ${formatWhen(chargeAt(updated.next_service_at, updated.time_zone), updated.time_zone)} or the subscription ends: ${url}`
        : `Good news: your recurring service price is now $${dollars}. Details: ${url}`,
      now,
    );
    return c.json({ data: await describe(c.env.DB, updated), message: messageFor("VSUBSCRIPTION_UPDATED") });
  })
  .post("/cancel-client-subscription", async (c) => {
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = await jsonBody(c, IdBody);
    const sub = await ownSub(c, vendorId, client_subscription_id);
    const now = c.get("now");
    if (await cancelSub(c.env, sub, "vendor", now)) {
      await textClient(c.env, c.get("db"), sub, "Your recurring service was cancelled by your professional.", now);
    }
    return c.json({
      data: await describe(c.env.DB, (await subById(c.env.DB, sub.client_subscription_id))!),
      message: messageFor("VSUBSCRIPTION_CANCELLED"),
    });
  })
  .post("/cancelSubscription", async (c) => {
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = await jsonBody(c, IdBody);
    const sub = await ownSub(c, vendorId, client_subscription_id);
    const now = c.get("now");
    if (await cancelSub(c.env, sub, "vendor", now)) {
      await textClient(c.env, c.get("db"), sub, "Your recurring service was cancelled by your professional.", now);
    }
    return c.json({
      data: await describe(c.env.DB, (await subById(c.env.DB, sub.client_subscription_id))!),
      message: messageFor("VSUBSCRIPTION_CANCELLED"),
    });
  })
  .post("/getCustomerSubscription", async (c) => {
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = await jsonBody(c, IdBody);
    return c.json({ data: await describe(c.env.DB, await ownSub(c, vendorId, client_subscription_id)) });
  })
  .post("/updateSubscriptionPayment", async (c) => {
    // The pro asks the client for a new card: a fresh link by text.
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const { client_subscription_id } = await jsonBody(c, IdBody);
    const sub = await ownSub(c, vendorId, client_subscription_id);
    if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
    const token = await newLinkToken(c.env.DB, sub.client_subscription_id, now);
    await textClient(
      c.env,
      c.get("db"),
      sub,
      `Please update the card for your recurring service: ${linkUrl(new URL(c.req.url).origin, token)}`,
      now,
    );
    return c.json({ data: await describe(c.env.DB, sub), message: messageFor("MESSAGE_SENT") });
  })
  .post("/updateSubscriptionEmail", async (c) => {
    const vendorId = vendorIdOf(c);
    const body = await jsonBody(
      c,
      v.object({
        client_subscription_id: Id,
        email: v.pipe(v.string(), v.trim(), v.email("Enter a valid email."), v.maxLength(120)),
      }),
    );
    const sub = await ownSub(c, vendorId, body.client_subscription_id);
    if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
    const row = await c.env.DB.prepare(
      "UPDATE client_subscriptions SET client_email = ?2, updated_at = ?3 WHERE client_subscription_id = ?1 RETURNING *",
    )
      .bind(sub.client_subscription_id, body.email, c.get("now"))
      .first<SubRow>();
    return c.json({ data: await describe(c.env.DB, row!), message: messageFor("SAVED") });
  });
