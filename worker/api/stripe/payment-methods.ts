import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { PRICING } from "../../../domain/pricing-config";
import type { SavedCardView } from "../../../schema/contracts/checkout";
import { paymentCustomers } from "../../../schema/tables/payments";
import { orFail, paymentsFromEnv, publicPaymentsConfig } from "../../adapters/payments";
import type { PaymentsPort, SavedPaymentMethod } from "../../adapters/payments/port";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { copiesOf, oneEntryPerCard } from "../../wallet/saved-cards";

/**
 * Saved cards of the signed-in user (docs/product.md section 7 "Payment methods and subscriptions") and the browser's
 * payments configuration. Mounted at the API root because the spec splits these paths between /stripe/* and
 * /users/me/*; each route carries its own guard so nothing else under those prefixes is affected. The provider
 * (local or Stripe) holds the cards; these routes only ever act on the signed-in user's own customer, and a card
 * that is not theirs is NOT_FOUND, never FORBIDDEN (no hint that it exists).
 */

/** docs/product.md section 3 "Payment method". globalId: the spec names it without meaning; it is the method's id. */
export function specPaymentMethod(pm: SavedPaymentMethod): SavedCardView {
  return {
    id: pm.id,
    card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year },
    custom_is_default_payment_method: pm.is_default,
    globalId: pm.id,
  };
}

const MethodId = v.pipe(v.string(), v.regex(/^pm_[A-Za-z0-9_]{1,100}$/, "Not a payment method id."));

const AttachBody = v.object({
  payment_method_id: MethodId,
  /** Make it the default card (the first saved card always becomes the default). */
  set_default: v.optional(v.boolean(), false),
});

function portOf(c: Context<AppEnv>): PaymentsPort {
  return paymentsFromEnv(c.env, c.get("db"), c.get("now"));
}

/** The user's customer at the current provider, without creating one (reads answer [] for a new user). */
async function existingCustomer(c: Context<AppEnv>, port: PaymentsPort): Promise<string | null> {
  const [row] = await c
    .get("db")
    .select({ id: paymentCustomers.provider_customer_id })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.user_id, viewerOf(c).user_id), eq(paymentCustomers.provider, port.provider)))
    .limit(1);
  return row?.id ?? null;
}

async function ensureCustomer(c: Context<AppEnv>, port: PaymentsPort): Promise<string> {
  const viewer = viewerOf(c);
  return orFail(
    port.ensureCustomer({ user_id: viewer.user_id, email: viewer.email, name: viewer.name, phone: viewer.phone }),
  );
}

async function listOf(port: PaymentsPort, customerId: string | null): Promise<SavedPaymentMethod[]> {
  return customerId ? orFail(port.listPaymentMethods(customerId)) : [];
}

/** One of the user's saved cards, or NOT_FOUND. */
async function ownMethod(port: PaymentsPort, customerId: string | null, id: string) {
  const methods = await listOf(port, customerId);
  const found = methods.find((m) => m.id === id);
  if (!found || !customerId) fail("NOT_FOUND");
  return { customerId, method: found, methods };
}

function idParam(c: Context<AppEnv>): string {
  const parsed = v.safeParse(MethodId, c.req.param("id"));
  if (!parsed.success) fail("NOT_FOUND");
  return parsed.output;
}

export const paymentMethodsApi = new Hono<AppEnv>()
  /** What the browser needs to take a card: the adapter, Stripe's publishable key, the wallet minimum. */
  .get("/payments/config", (c) => c.json({ data: publicPaymentsConfig(c.env, PRICING.walletMinimumCents) }))

  .get("/stripe/payment-methods", requireUser, async (c) => {
    const port = portOf(c);
    const methods = oneEntryPerCard(await listOf(port, await existingCustomer(c, port)));
    return c.json({ data: methods.map(specPaymentMethod) });
  })

  /** Saves a tokenised card (local tokenize or Stripe.js) to the user's customer; answers the saved card. */
  .post("/stripe/payment-methods", requireUser, async (c) => {
    const body = await jsonBody(c, AttachBody);
    const port = portOf(c);
    const customerId = await ensureCustomer(c, port);
    const method = await orFail(port.retrievePaymentMethod(body.payment_method_id));
    if (!method || (method.customer_id !== null && method.customer_id !== customerId)) fail("PAYMENT_METHOD_NOT_FOUND");
    if (method.customer_id === null) await orFail(port.attachPaymentMethod(method.id, customerId));
    let methods = await listOf(port, customerId);
    if (body.set_default || !methods.some((m) => m.is_default)) {
      await orFail(port.setDefaultPaymentMethod(customerId, method.id));
      methods = methods.map((m) => ({ ...m, is_default: m.id === method.id }));
    }
    const saved = methods.find((m) => m.id === method.id);
    if (!saved) fail("PAYMENT_METHOD_NOT_FOUND");
    return c.json({ data: specPaymentMethod(saved) }, 201);
  })

  .delete("/stripe/payment-method/:id", requireUser, async (c) => {
    const port = portOf(c);
    const { customerId, method, methods } = await ownMethod(port, await existingCustomer(c, port), idParam(c));
    // The wallet shows one entry per card: removing it removes every copy of that card.
    const copies = copiesOf(methods, method);
    if (copies.some((m) => m.is_default)) await orFail(port.setDefaultPaymentMethod(customerId, null));
    for (const m of copies) await orFail(port.detachPaymentMethod(m.id));
    return c.json({ data: { id: method.id, deleted: true } });
  })

  .put("/users/me/payment-methods/:id/default", requireUser, async (c) => {
    const port = portOf(c);
    const { customerId, method, methods } = await ownMethod(port, await existingCustomer(c, port), idParam(c));
    if (!method.is_default) await orFail(port.setDefaultPaymentMethod(customerId, method.id));
    const list = oneEntryPerCard(methods.map((m) => ({ ...m, is_default: m.id === method.id })));
    return c.json({ data: list.map(specPaymentMethod) });
  })

  .delete("/users/me/payment-methods/default", requireUser, async (c) => {
    const port = portOf(c);
    const customerId = await existingCustomer(c, port);
    const methods = await listOf(port, customerId);
    if (customerId && methods.some((m) => m.is_default)) await orFail(port.setDefaultPaymentMethod(customerId, null));
    return c.json({ data: methods.map((m) => specPaymentMethod({ ...m, is_default: false })) });
  });
