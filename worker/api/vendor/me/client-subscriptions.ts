import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../../domain/messages";
import { BILLING_RULES } from "../../../../domain/payout-rules";
import { createClientSubscription } from "../../../client-subs/create";
import {
  askForNewCard,
  cancelByVendor,
  changeSubscriptionPrice,
  setSubscriptionEmail,
  subscribableServices,
  vendorSubscription,
  vendorSubscriptions,
} from "../../../client-subs/vendor-side";
import { describeSubscription as describe } from "../../../client-subs/views";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { Instant, NumberId } from "../../../../schema/payloads/bounds";

/**
 * Client subscriptions, the pro's side (docs/product.md section 7 "Vendor" calls; docs/decisions/072-client-subscriptions.md):
 * mounted at /vendor/me, vendors only, their own subscriptions. The client's side, reached with the texted
 * link's token, is worker/api/client-subscription.ts.
 */

const Id = NumberId;
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
  first_service_at: v.optional(Instant),
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

const EmailBody = v.object({
  client_subscription_id: Id,
  email: v.pipe(v.string(), v.trim(), v.email("Enter a valid email."), v.maxLength(120)),
});

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
    return c.json({ data: await subscribableServices(c.env.DB, vendorIdOf(c)) });
  })
  .get("/customer-subscription", async (c) => {
    const vendorId = vendorIdOf(c);
    return c.json({ data: await vendorSubscriptions(c.env.DB, vendorId) });
  })
  .post("/customer-subscription-active", validate("json", CreateBody), async (c) => {
    const vendorId = vendorIdOf(c);
    const body = c.req.valid("json");
    const { sub, replayed } = await createClientSubscription(c.env, c.get("db"), {
      ...body,
      vendorId,
      origin: new URL(c.req.url).origin,
      now: c.get("now"),
    });
    if (replayed) return c.json({ data: await describe(c.env.DB, sub), replayed: true });
    return c.json({ data: await describe(c.env.DB, sub), message: messageFor("VSUBSCRIPTION_CREATED") }, 201);
  })
  .post(
    "/update-client-subscription",
    validate("json", v.object({ client_subscription_id: Id, price_cents: Price })),
    async (c) => {
      const vendorId = vendorIdOf(c);
      const body = c.req.valid("json");
      const { view, changed } = await changeSubscriptionPrice(c.env, c.get("db"), {
        vendorId,
        id: body.client_subscription_id,
        priceCents: body.price_cents,
        origin: new URL(c.req.url).origin,
        now: c.get("now"),
      });
      if (!changed) return c.json({ data: view });
      return c.json({ data: view, message: messageFor("VSUBSCRIPTION_UPDATED") });
    },
  )
  .post("/cancel-client-subscription", validate("json", IdBody), async (c) => {
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = c.req.valid("json");
    const data = await cancelByVendor(c.env, c.get("db"), { vendorId, id: client_subscription_id, now: c.get("now") });
    return c.json({ data, message: messageFor("VSUBSCRIPTION_CANCELLED") });
  })
  .post("/cancelSubscription", validate("json", IdBody), async (c) => {
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = c.req.valid("json");
    const data = await cancelByVendor(c.env, c.get("db"), { vendorId, id: client_subscription_id, now: c.get("now") });
    return c.json({ data, message: messageFor("VSUBSCRIPTION_CANCELLED") });
  })
  .post("/getCustomerSubscription", validate("json", IdBody), async (c) => {
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = c.req.valid("json");
    return c.json({ data: await vendorSubscription(c.env.DB, vendorId, client_subscription_id) });
  })
  .post("/updateSubscriptionPayment", validate("json", IdBody), async (c) => {
    // The pro asks the client for a new card: a fresh link by text.
    const vendorId = vendorIdOf(c);
    const { client_subscription_id } = c.req.valid("json");
    const data = await askForNewCard(c.env, c.get("db"), {
      vendorId,
      id: client_subscription_id,
      origin: new URL(c.req.url).origin,
      now: c.get("now"),
    });
    return c.json({ data, message: messageFor("MESSAGE_SENT") });
  })
  .post("/updateSubscriptionEmail", validate("json", EmailBody), async (c) => {
    const vendorId = vendorIdOf(c);
    const body = c.req.valid("json");
    const data = await setSubscriptionEmail(c.env.DB, {
      vendorId,
      id: body.client_subscription_id,
      email: body.email,
      now: c.get("now"),
    });
    return c.json({ data, message: messageFor("SAVED") });
  });
