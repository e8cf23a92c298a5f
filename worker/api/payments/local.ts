import { Hono } from "hono";
import * as v from "valibot";
import { cardErrorMessageCode } from "../../../domain/cards";
import { assertPaymentsAvailable, orFail, paymentsFromEnv, paymentsProvider } from "../../adapters/payments";
import type { PaymentIntent, PaymentsPort } from "../../adapters/payments/port";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { queryOf, validate } from "../../http/validate";
import { setupView } from "../../wallet/setup-card";

/**
 * The local payments adapter's browser side (docs/api-payments.md), mounted at /api/payments/local. These
 * mirror Stripe.js so the web's card flow is one code path for both adapters: `tokenize` is
 * createPaymentMethod (the card goes in, a pm_local_... comes out, the number is never kept), `confirm` is
 * confirmCardPayment, `authenticate` is the 3-D Secure dialog, `payment-intent` is retrievePaymentIntent. The
 * client secret is the capability, as with Stripe: whoever holds it may confirm that one intent.
 * With PAYMENTS_PROVIDER=stripe every route here answers NOT_FOUND.
 */

const CardBody = v.object({
  number: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(40)))),
  exp_month: v.optional(v.nullable(v.union([v.number(), v.pipe(v.string(), v.maxLength(4))]))),
  exp_year: v.optional(v.nullable(v.union([v.number(), v.pipe(v.string(), v.maxLength(4))]))),
  /** "MM/YY" as typed, instead of exp_month and exp_year. */
  exp: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(9)))),
  cvc: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(8)))),
  postal_code: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(12)))),
  /** Signed-in users only: keep the card on the account (ignored for visitors). */
  save: v.optional(v.boolean(), false),
});

const ClientSecret = v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9]+$/, "Not a client secret."));

const ConfirmBody = v.object({
  client_secret: ClientSecret,
  payment_method_id: v.pipe(v.string(), v.regex(/^pm_[A-Za-z0-9_]+$/, "Not a payment method id.")),
  /** Keep the card on the payer's account once paid (Stripe's setup_future_usage). */
  save_payment_method: v.optional(v.boolean(), false),
});

const AuthenticateBody = v.object({ client_secret: ClientSecret, approve: v.boolean() });
const SetupAuthenticateBody = v.object({
  client_secret: v.pipe(v.string(), v.regex(/^seti_[A-Za-z0-9_]+_secret_[A-Za-z0-9]+$/, "Not a client secret.")),
  approve: v.boolean(),
});

/** What the browser sees of an intent (like Stripe.js with a publishable key: no customer, no metadata). */
export function publicIntent(intent: PaymentIntent) {
  return {
    id: intent.id,
    amount_cents: intent.amount_cents,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    payment_method_id: intent.payment_method_id,
    last_error: intent.last_error,
    next_action:
      intent.status === "requires_action"
        ? { type: "local_3ds" as const, authenticate_url: "/api/payments/local/authenticate" }
        : null,
  };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The intent a client secret opens; an unknown id or a wrong secret is the same NOT_FOUND. */
async function intentForSecret(port: PaymentsPort, clientSecret: string): Promise<PaymentIntent> {
  const id = clientSecret.slice(0, clientSecret.indexOf("_secret_"));
  try {
    const intent = await port.retrieveIntent(id);
    if (constantTimeEqual(intent.client_secret, clientSecret)) return intent;
  } catch {
    /* unknown intent: answered below like a wrong secret */
  }
  fail("NOT_FOUND");
}

/** Stripe.js answers a declined confirm with `error` (and the intent); so do we, with HTTP 402. */
function confirmAnswer(intent: PaymentIntent) {
  if (intent.status === "requires_payment_method" && intent.last_error) {
    const code = cardErrorMessageCode(intent.last_error.code, intent.last_error.decline_code);
    return {
      status: 402 as const,
      body: {
        error: {
          code,
          message: intent.last_error.message,
          decline_code: intent.last_error.decline_code ?? null,
          payment_intent: publicIntent(intent),
        },
      },
    };
  }
  return { status: 200 as const, body: { data: { payment_intent: publicIntent(intent) } } };
}

export const paymentsLocalApi = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (paymentsProvider(c.env) !== "local") fail("NOT_FOUND");
    assertPaymentsAvailable(c.env);
    await next();
  })

  .post("/tokenize", validate("json", CardBody), async (c) => {
    const body = c.req.valid("json");
    const viewer = c.get("viewer");
    const port = paymentsFromEnv(c.env, c.get("db"), c.get("now"));
    let expMonth = body.exp_month;
    let expYear = body.exp_year;
    if (body.exp && (expMonth == null || expYear == null)) {
      const [m, y] = body.exp.split("/").map((p) => p.trim());
      expMonth = m ?? null;
      expYear = y ?? null;
    }
    const customerId =
      body.save && viewer
        ? await port.ensureCustomer({
            user_id: viewer.user_id,
            email: viewer.email,
            name: viewer.name,
            phone: viewer.phone,
          })
        : null;
    const method = await orFail(
      port.tokenizeLocalCard!(
        {
          number: body.number ?? "",
          exp_month: (expMonth ?? "") as number,
          exp_year: (expYear ?? "") as number,
          cvc: body.cvc ?? "",
          postal_code: body.postal_code ?? "",
        },
        customerId,
      ),
    );
    return c.json({ data: { id: method.id, card: method.card, saved: method.customer_id !== null } }, 201);
  })

  .post("/confirm", validate("json", ConfirmBody), async (c) => {
    const body = c.req.valid("json");
    const port = paymentsFromEnv(c.env, c.get("db"), c.get("now"));
    const intent = await intentForSecret(port, body.client_secret);
    const confirmed = await orFail(
      port.confirmIntent(intent.id, {
        payment_method_id: body.payment_method_id,
        idempotency_key: `confirm:${intent.id}:${body.payment_method_id}`,
        save_payment_method: body.save_payment_method,
      }),
    );
    const answer = confirmAnswer(confirmed);
    return c.json(answer.body, answer.status);
  })

  .post("/authenticate", validate("json", AuthenticateBody), async (c) => {
    const body = c.req.valid("json");
    const port = paymentsFromEnv(c.env, c.get("db"), c.get("now"));
    const intent = await intentForSecret(port, body.client_secret);
    const done = await orFail(port.completeAuthentication!(intent.id, body.approve));
    const answer = confirmAnswer(done);
    return c.json(answer.body, answer.status);
  })

  /** The 3-D Secure step of a card being saved (Stripe.js confirmCardSetup's dialog); answers the SetupIntent. */
  .post("/authenticate-setup", validate("json", SetupAuthenticateBody), async (c) => {
    const body = c.req.valid("json");
    const port = paymentsFromEnv(c.env, c.get("db"), c.get("now"));
    const id = body.client_secret.slice(0, body.client_secret.indexOf("_secret_"));
    const setup = await port.retrieveSetupIntent(id).catch(() => null);
    if (!setup || !constantTimeEqual(setup.client_secret, body.client_secret)) fail("NOT_FOUND");
    const done = await orFail(port.completeSetupAuthentication!(setup.id, body.approve));
    return c.json({ data: { setup_intent: setupView(done) } });
  })

  .get("/payment-intent", async (c) => {
    const { client_secret } = queryOf(c, v.object({ client_secret: ClientSecret }));
    const port = paymentsFromEnv(c.env, c.get("db"), c.get("now"));
    return c.json({ data: { payment_intent: publicIntent(await intentForSecret(port, client_secret)) } });
  });
