/**
 * Test-only: a small in-memory stand-in for Stripe's HTTP API, answered through the SDK's own fetch client
 * (`Stripe.createFetchHttpClient(standIn.fetch)`), so the Stripe adapter's requests (method, path,
 * form-encoded parameters, Idempotency-Key) are captured and checked without a network. Workers tests cannot
 * open a server, so this is a fetch function rather than a host/port.
 *
 * It answers the way Stripe does for what the adapter uses: customers, payment methods (the pm_card_* test
 * tokens mint a new method when used, declines answer HTTP 402 with the intent), payment intents, refunds,
 * products, subscriptions with an expanded first invoice, Connect accounts, account and login links,
 * transfers; an Idempotency-Key replays its first answer and refuses other parameters. `recordingFetch` wraps
 * the real fetch the same way when the contract runs against Stripe's test mode.
 */

export interface CapturedRequest {
  method: string;
  path: string;
  /** Form body (POST) or query (GET/DELETE) as Stripe's flattened keys, e.g. "metadata[purpose]". */
  params: Record<string, string>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  authorization: string | null;
}

type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function capture(input: string | URL | Request, init?: RequestInit): CapturedRequest {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  const method = (init?.method ?? "GET").toUpperCase();
  const headers = new Headers(init?.headers as HeadersInit | undefined);
  const body = typeof init?.body === "string" ? init.body : "";
  const source =
    method === "GET" || (method === "DELETE" && body === "") ? url.searchParams : new URLSearchParams(body);
  return {
    method,
    path: url.pathname,
    params: Object.fromEntries(source.entries()),
    idempotencyKey: headers.get("idempotency-key"),
    stripeVersion: headers.get("stripe-version"),
    authorization: headers.get("authorization"),
  };
}

/** Records every request made through the real fetch (Stripe test mode). */
export function recordingFetch(inner: FetchFn = fetch) {
  const requests: CapturedRequest[] = [];
  return {
    requests,
    fetch: (async (input, init) => {
      requests.push(capture(input, init));
      return inner(input, init);
    }) satisfies FetchFn,
  };
}

type Obj = Record<string, any>;

interface TestCard {
  brand: string;
  last4: string;
  /**
   * "authenticate": 3-D Secure on on-session payments, off-session refused (3220). "authenticate_setup": asks when
   * set up, then off-session charges pass (3155). "authenticate_always": asks on every charge, off-session too (3184).
   */
  outcome: "succeed" | "decline" | "authenticate" | "authenticate_setup" | "authenticate_always";
  /** Stripe's pm_card_createDispute (4000 0000 0000 0259): the charge succeeds, then a dispute opens. */
  dispute?: boolean;
  code?: string;
  decline_code?: string;
  message?: string;
}

const TEST_TOKENS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "succeed" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "succeed" },
  pm_card_amex: { brand: "amex", last4: "8431", outcome: "succeed" },
  pm_card_chargeDeclined: {
    brand: "visa",
    last4: "0002",
    outcome: "decline",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    outcome: "decline",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3220", outcome: "authenticate" },
  pm_card_createDispute: { brand: "visa", last4: "0259", outcome: "succeed", dispute: true },
  pm_card_authenticationRequiredSetupForOffSession: { brand: "visa", last4: "3155", outcome: "authenticate_setup" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", outcome: "authenticate_always" },
};

export function createStripeStandIn() {
  const requests: CapturedRequest[] = [];
  const customers = new Map<string, Obj>();
  const methods = new Map<string, Obj & { _card: TestCard; _setUp?: boolean }>();
  const setupIntents = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const refundsOf = new Map<string, number>();
  const products = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  const replays = new Map<string, { params: string; status: number; body: unknown }>();
  let counter = 0;
  // Ids are unique across stand-ins too: the tests share one D1, where provider ids are unique columns.
  const tag = Math.random().toString(36).slice(2, 8);
  const nextId = (prefix: string) => `${prefix}_standin${tag}${String(++counter).padStart(6, "0")}`;
  const nowS = () => Math.floor(Date.now() / 1000);

  const json = (status: number, body: unknown) => ({ status, body });
  const notFound = (kind: string, id: string, param = "id") =>
    json(404, {
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param },
    });
  const invalid = (code: string, message: string, param?: string) =>
    json(400, { error: { type: "invalid_request_error", code, message, ...(param ? { param } : {}) } });

  function metadataOf(p: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(p)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) out[m[1]!] = v;
    }
    return out;
  }

  /** A usable payment method: the pm_card_* tokens mint a new one each time, as Stripe does. */
  function method(id: string): (Obj & { _card: TestCard }) | null {
    const token = TEST_TOKENS[id];
    if (token) {
      const pm = {
        id: nextId("pm"),
        object: "payment_method",
        type: "card",
        customer: null,
        card: { brand: token.brand, last4: token.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
        _card: token,
      };
      methods.set(pm.id, pm);
      return pm;
    }
    return methods.get(id) ?? null;
  }

  const publicPm = (pm: Obj) => {
    const { _card, ...rest } = pm;
    void _card;
    return rest;
  };

  /** Confirms an intent with its method, as Stripe would; a decline is HTTP 402 carrying the intent. */
  function confirm(pi: Obj, offSession: boolean) {
    const pm = methods.get(pi.payment_method);
    if (!pm) return invalid("parameter_missing", "You must provide a payment method.", "payment_method");
    const card = pm._card;
    if (card.outcome === "succeed") {
      pi.status = "succeeded";
      pi.last_payment_error = null;
      pi.latest_charge = nextId("ch");
      if (pi.setup_future_usage && pi.customer) pm.customer = pi.customer;
      if (card.dispute) {
        const dp = {
          id: nextId("dp"),
          object: "dispute",
          amount: pi.amount,
          currency: "usd",
          charge: pi.latest_charge,
          payment_intent: pi.id,
          reason: "fraudulent",
          status: "needs_response",
          created: nowS(),
          evidence: {},
          evidence_details: { due_by: nowS() + 7 * 86_400, has_evidence: false, submission_count: 0 },
        };
        disputes.set(dp.id, dp);
      }
      return json(200, pi);
    }
    const asks = card.outcome !== "decline";
    if (card.outcome === "authenticate_setup" && offSession && pm._setUp) {
      pi.status = "succeeded";
      pi.last_payment_error = null;
      pi.latest_charge = nextId("ch");
      return json(200, pi);
    }
    if (asks && !offSession) {
      pi.status = "requires_action";
      pi.next_action = { type: "use_stripe_sdk", use_stripe_sdk: {} };
      return json(200, pi);
    }
    const code = asks ? "authentication_required" : card.code!;
    const declineCode = asks ? "authentication_required" : card.decline_code;
    const message = asks ? "Your card was declined. This transaction requires authentication." : card.message!;
    pi.status = "requires_payment_method";
    pi.last_payment_error = {
      type: "card_error",
      code,
      decline_code: declineCode,
      message,
      payment_method: publicPm(pm),
    };
    pi.payment_method = null;
    return json(402, { error: { type: "card_error", code, decline_code: declineCode, message, payment_intent: pi } });
  }

  function route(req: CapturedRequest): { status: number; body: unknown } {
    const p = req.params;
    const parts = req.path.replace(/^\/v1\//, "").split("/");
    const [resource, id, action] = parts;
    const key = `${req.method} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
    switch (key) {
      case "POST customers": {
        const c = {
          id: nextId("cus"),
          object: "customer",
          email: p.email ?? null,
          name: p.name ?? null,
          phone: p.phone ?? null,
          metadata: metadataOf(p),
          invoice_settings: { default_payment_method: null },
        };
        customers.set(c.id, c);
        return json(200, c);
      }
      case "GET customers/:id":
        return customers.has(id!) ? json(200, customers.get(id!)) : notFound("customer", id!);
      case "POST customers/:id": {
        const c = customers.get(id!);
        if (!c) return notFound("customer", id!);
        if ("invoice_settings[default_payment_method]" in p) {
          c.invoice_settings.default_payment_method = p["invoice_settings[default_payment_method]"] || null;
        }
        return json(200, c);
      }
      case "GET customers/:id/payment_methods": {
        const data = [...methods.values()]
          .filter((m) => m.customer === id)
          .reverse()
          .map(publicPm);
        return json(200, { object: "list", data, has_more: false, url: req.path });
      }
      case "GET payment_methods/:id":
        return methods.has(id!) ? json(200, publicPm(methods.get(id!)!)) : notFound("PaymentMethod", id!);
      case "POST payment_methods/:id/attach": {
        const pm = method(id!);
        if (!pm) return notFound("PaymentMethod", id!);
        if (!customers.has(p.customer!)) return notFound("customer", p.customer!, "customer");
        pm.customer = p.customer;
        return json(200, publicPm(pm));
      }
      case "POST payment_methods/:id/detach": {
        const pm = methods.get(id!);
        if (!pm) return notFound("PaymentMethod", id!);
        if (!pm.customer) return invalid("payment_method_unexpected_state", "The payment method is not attached.");
        const owner = customers.get(pm.customer);
        if (owner && owner.invoice_settings.default_payment_method === pm.id) {
          owner.invoice_settings.default_payment_method = null;
        }
        pm.customer = null;
        return json(200, publicPm(pm));
      }
      case "POST payment_intents": {
        const amount = Number(p.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return invalid("amount_too_small", "Amount must be at least $0.50 usd", "amount");
        }
        if (p.customer && !customers.has(p.customer)) return notFound("customer", p.customer, "customer");
        let pmId: string | null = null;
        if (p.payment_method) {
          const pm = method(p.payment_method);
          if (!pm) return notFound("PaymentMethod", p.payment_method, "payment_method");
          pmId = pm.id;
        }
        const piId = nextId("pi");
        const pi: Obj = {
          id: piId,
          object: "payment_intent",
          amount,
          currency: p.currency,
          status: pmId ? "requires_confirmation" : "requires_payment_method",
          client_secret: `${piId}_secret_standin`,
          customer: p.customer ?? null,
          payment_method: pmId,
          description: p.description ?? null,
          metadata: metadataOf(p),
          setup_future_usage: p.setup_future_usage ?? null,
          last_payment_error: null,
          next_action: null,
          latest_charge: null,
        };
        intents.set(piId, pi);
        return p.confirm === "true" ? confirm(pi, p.off_session === "true") : json(200, pi);
      }
      case "GET payment_intents/:id":
        return intents.has(id!) ? json(200, intents.get(id!)) : notFound("payment_intent", id!);
      case "POST payment_intents/:id/confirm": {
        const pi = intents.get(id!);
        if (!pi) return notFound("payment_intent", id!);
        if (pi.status === "succeeded" || pi.status === "canceled") {
          return invalid(
            "payment_intent_unexpected_state",
            `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
          );
        }
        if (p.payment_method) {
          const pm = method(p.payment_method);
          if (!pm) return notFound("PaymentMethod", p.payment_method, "payment_method");
          pi.payment_method = pm.id;
        }
        if (p.setup_future_usage) pi.setup_future_usage = p.setup_future_usage;
        return confirm(pi, false);
      }
      case "POST setup_intents": {
        if (!customers.has(p.customer!)) return notFound("customer", p.customer!, "customer");
        const pm = method(p.payment_method!);
        if (!pm) return notFound("PaymentMethod", p.payment_method!, "payment_method");
        const siId = nextId("seti");
        const si: Obj = {
          id: siId,
          object: "setup_intent",
          client_secret: `${siId}_secret_standin`,
          customer: p.customer,
          payment_method: pm.id,
          usage: p.usage ?? "off_session",
          metadata: metadataOf(p),
          status: "requires_confirmation",
          last_setup_error: null,
          next_action: null,
        };
        setupIntents.set(siId, si);
        if (p.confirm !== "true") return json(200, si);
        const card = pm._card;
        if (card.outcome === "decline") {
          si.status = "requires_payment_method";
          si.last_setup_error = {
            type: "card_error",
            code: card.code,
            decline_code: card.decline_code,
            message: card.message,
          };
          return json(402, {
            error: {
              type: "card_error",
              code: card.code,
              decline_code: card.decline_code,
              message: card.message,
              setup_intent: si,
            },
          });
        }
        if (card.outcome !== "succeed") {
          // The cardholder's 3-D Secure step happens in the browser (Stripe.js confirmCardSetup).
          si.status = "requires_action";
          si.next_action = { type: "use_stripe_sdk", use_stripe_sdk: {} };
          return json(200, si);
        }
        si.status = "succeeded";
        pm.customer = p.customer;
        pm._setUp = true;
        return json(200, si);
      }
      case "GET setup_intents/:id":
        return setupIntents.has(id!) ? json(200, setupIntents.get(id!)) : notFound("setup_intent", id!);
      case "POST payment_intents/:id/cancel": {
        const pi = intents.get(id!);
        if (!pi) return notFound("payment_intent", id!);
        if (pi.status === "succeeded") {
          return invalid(
            "payment_intent_unexpected_state",
            "You cannot cancel this PaymentIntent because it has a status of succeeded.",
          );
        }
        pi.status = "canceled";
        return json(200, pi);
      }
      case "POST refunds": {
        const pi = intents.get(p.payment_intent!);
        if (!pi) return notFound("payment_intent", p.payment_intent!, "payment_intent");
        if (pi.status !== "succeeded") {
          return invalid(
            "payment_intent_unexpected_state",
            "This PaymentIntent does not have a successful charge to refund.",
          );
        }
        const refunded = refundsOf.get(pi.id) ?? 0;
        const left = pi.amount - refunded;
        if (left <= 0)
          return invalid("charge_already_refunded", `Charge ${pi.latest_charge} has already been refunded.`);
        const amount = p.amount ? Number(p.amount) : left;
        if (amount > left) {
          return invalid(
            "amount_too_large",
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            "amount",
          );
        }
        refundsOf.set(pi.id, refunded + amount);
        return json(200, {
          id: nextId("re"),
          object: "refund",
          amount,
          payment_intent: pi.id,
          status: "succeeded",
          reason: p.reason ?? null,
          metadata: metadataOf(p),
        });
      }
      case "GET products/:id":
        return products.has(id!) ? json(200, products.get(id!)) : notFound("product", id!);
      case "POST products": {
        if (p.id && products.has(p.id)) return invalid("resource_already_exists", "Product already exists.", "id");
        const product = { id: p.id ?? nextId("prod"), object: "product", name: p.name };
        products.set(product.id, product);
        return json(200, product);
      }
      case "POST subscriptions": {
        if (!customers.has(p.customer!)) return notFound("customer", p.customer!, "customer");
        const product = p["items[0][price_data][product]"];
        if (product && !products.has(product)) return notFound("product", product, "items[0][price_data][product]");
        const pm = methods.get(p.default_payment_method!);
        if (!pm) return notFound("PaymentMethod", p.default_payment_method!, "default_payment_method");
        const unitAmount = Number(p["items[0][price_data][unit_amount]"] ?? 1999);
        const piId = nextId("pi");
        const pi: Obj = {
          id: piId,
          object: "payment_intent",
          amount: unitAmount,
          currency: "usd",
          status: "requires_confirmation",
          client_secret: `${piId}_secret_standin`,
          customer: p.customer,
          payment_method: pm.id,
          metadata: {},
          last_payment_error: null,
          next_action: null,
        };
        intents.set(piId, pi);
        confirm(pi, false);
        const periodEnd = nowS() + 30 * 86_400;
        const sub = {
          id: nextId("sub"),
          object: "subscription",
          customer: p.customer,
          status: pi.status === "succeeded" ? "active" : "incomplete",
          metadata: metadataOf(p),
          items: {
            object: "list",
            data: [{ id: nextId("si"), current_period_end: periodEnd, price: { unit_amount: unitAmount, product } }],
          },
          latest_invoice: {
            id: nextId("in"),
            object: "invoice",
            payments: { object: "list", data: [{ payment: { type: "payment_intent", payment_intent: piId } }] },
          },
        };
        subscriptions.set(sub.id, sub);
        return json(200, sub);
      }
      case "DELETE subscriptions/:id": {
        const sub = subscriptions.get(id!);
        if (!sub) return notFound("subscription", id!);
        sub.status = "canceled";
        return json(200, sub);
      }
      case "POST accounts": {
        const account = {
          id: nextId("acct"),
          object: "account",
          type: p.type,
          email: p.email,
          country: p.country,
          payouts_enabled: false,
          details_submitted: false,
          metadata: metadataOf(p),
        };
        accounts.set(account.id, account);
        return json(200, account);
      }
      case "POST account_links":
        if (!accounts.has(p.account!)) return notFound("account", p.account!, "account");
        return json(200, {
          object: "account_link",
          url: `https://connect.stripe.com/setup/e/${p.account}/${++counter}`,
          expires_at: nowS() + 300,
        });
      case "GET accounts/:id": {
        const account = accounts.get(id!);
        if (!account) return notFound("account", id!);
        return json(200, account);
      }
      case "POST accounts/:id/login_links":
        if (!accounts.has(id!)) return notFound("account", id!);
        return json(200, { object: "login_link", url: `https://connect.stripe.com/express/${id}/${++counter}` });
      case "DELETE accounts/:id":
        if (!accounts.delete(id!)) return notFound("account", id!);
        return json(200, { id, object: "account", deleted: true });
      case "POST transfers": {
        if (!accounts.has(p.destination!)) return notFound("account", p.destination!, "destination");
        return json(200, {
          id: nextId("tr"),
          object: "transfer",
          amount: Number(p.amount),
          currency: p.currency,
          destination: p.destination,
          description: p.description ?? null,
        });
      }
      case "GET disputes": {
        const data = [...disputes.values()].filter((d) => !p.payment_intent || d.payment_intent === p.payment_intent);
        return json(200, { object: "list", data, has_more: false, url: "/v1/disputes" });
      }
      case "GET disputes/:id": {
        const dp = disputes.get(id!);
        return dp ? json(200, dp) : notFound("dispute", id!);
      }
      case "POST disputes/:id": {
        const dp = disputes.get(id!);
        if (!dp) return notFound("dispute", id!);
        if (dp.status !== "needs_response" && dp.status !== "warning_needs_response") {
          return invalid("dispute_already_submitted", "This dispute has already been submitted.");
        }
        for (const [k, v] of Object.entries(p)) {
          const m = /^evidence\[(.+)\]$/.exec(k);
          if (m) dp.evidence[m[1]!] = v;
        }
        dp.evidence_details.has_evidence = Object.keys(dp.evidence).length > 0;
        if (p.submit === "true") {
          dp.status = dp.status === "warning_needs_response" ? "warning_under_review" : "under_review";
          dp.evidence_details.submission_count += 1;
        }
        return json(200, dp);
      }
      default:
        return json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${key}).` } });
    }
  }

  const standInFetch: FetchFn = async (input, init) => {
    const req = capture(input, init);
    requests.push(req);
    let answer: { status: number; body: unknown };
    const replayKey = req.method === "POST" && req.idempotencyKey ? `${req.path} ${req.idempotencyKey}` : null;
    const earlier = replayKey ? replays.get(replayKey) : undefined;
    if (earlier) {
      answer =
        earlier.params === JSON.stringify(req.params)
          ? earlier
          : json(400, {
              error: {
                type: "idempotency_error",
                message:
                  "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            });
    } else {
      answer = route(req);
      // Like Stripe, a request that ran is remembered under its key (a 5xx would not be); deep copy so a
      // later change to the object does not rewrite the remembered answer.
      if (replayKey && answer.status < 500) {
        replays.set(replayKey, {
          params: JSON.stringify(req.params),
          status: answer.status,
          body: JSON.parse(JSON.stringify(answer.body)),
        });
      }
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json", "request-id": `req_standin_${requests.length}` },
    });
  };

  /** The browser's 3-D Secure step of a SetupIntent (Stripe.js confirmCardSetup), approved by the cardholder. */
  function approveSetup(id: string): void {
    const si = setupIntents.get(id);
    if (!si || si.status !== "requires_action") throw new Error(`setup intent ${id} does not wait for the cardholder`);
    si.status = "succeeded";
    si.next_action = null;
    const pm = methods.get(si.payment_method)!;
    pm.customer = si.customer;
    pm._setUp = true;
  }

  /**
   * The browser's 3-D Secure step of a PaymentIntent (Stripe.js handleNextAction after a card or wallet payment
   * asked for it), approved by the cardholder: the charge succeeds, and a card paid with for later use is kept.
   */
  function approveIntent(id: string): void {
    const pi = intents.get(id);
    if (!pi || pi.status !== "requires_action")
      throw new Error(`payment intent ${id} does not wait for the cardholder`);
    pi.status = "succeeded";
    pi.next_action = null;
    pi.last_payment_error = null;
    pi.latest_charge = nextId("ch");
    const pm = methods.get(pi.payment_method)!;
    if (pi.setup_future_usage && pi.customer) {
      pm.customer = pi.customer;
      pm._setUp = true;
    }
  }

  return { requests, fetch: standInFetch, customers, methods, intents, disputes, approveSetup, approveIntent };
}
