import { and, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import Stripe from "stripe";
import { connectedAccounts, paymentCustomers, paymentIntents } from "../../../schema/tables/payments";
import { accountStateOf } from "./account-state";
import {
  PAYMENT_PURPOSES,
  PaymentsError,
  type CardPaymentMethod,
  type DisputeState,
  type IntentStatus,
  type PaymentIntent,
  type PaymentPurpose,
  type PaymentsPort,
  type Refund,
  type SavedPaymentMethod,
  type SetupIntent,
  type Subscription,
} from "./port";
import { cardErrorMessage } from "./test-cards";

/**
 * The Stripe adapter: the official SDK over its fetch HTTP client (Workers have no Node http). Stripe is the
 * source of truth; D1 mirrors what the app queries by id: customers (payment_customers), intents
 * (payment_intents, kept current by retrieve/confirm and by the webhook), refunds and connected accounts.
 * Every mutating request carries an Idempotency-Key; intent creation also looks its key up in the mirror
 * first, so a retry after Stripe's 24-hour key window still answers the first intent.
 */

export interface StripePaymentsOptions {
  db: DrizzleD1Database;
  now: number;
  secretKey: string;
  webhookSecret: string;
  /** A recurring Price for the membership; without it each subscription prices itself with price_data. */
  membershipPriceId?: string;
  /** The Product that inline membership prices belong to; created on first use. */
  membershipProductId?: string;
  /** Absolute origin of the site, for Connect onboarding return and refresh URLs. */
  appUrl?: string;
  /** Contract tests: the SDK's HTTP client (a stand-in's fetch) and where it points. */
  httpClient?: Stripe.HttpClient;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export const DEFAULT_MEMBERSHIP_PRODUCT = "beauty_membership";

export function stripeSdk(
  opts: Pick<StripePaymentsOptions, "secretKey" | "httpClient" | "host" | "port" | "protocol">,
) {
  return new Stripe(opts.secretKey, {
    httpClient: opts.httpClient ?? Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    telemetry: false,
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
  });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function intentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  switch (status) {
    case "succeeded":
    case "canceled":
    case "processing":
    case "requires_action":
    case "requires_payment_method":
      return status as IntentStatus;
    case "requires_capture":
      return "processing";
    default:
      // requires_confirmation: the browser still has to confirm it, as with no payment method.
      return "requires_payment_method";
  }
}

export function toPortIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const err = pi.last_payment_error;
  return {
    id: pi.id,
    amount_cents: pi.amount,
    currency: "usd",
    status: intentStatus(pi.status),
    client_secret: pi.client_secret ?? "",
    customer_id: idOf(pi.customer as string | { id: string } | null),
    payment_method_id: idOf(pi.payment_method as string | { id: string } | null),
    last_error: err
      ? {
          code: err.code ?? "card_declined",
          decline_code: err.decline_code ?? null,
          message: err.message ?? cardErrorMessage(err.code ?? "card_declined", err.decline_code),
        }
      : null,
    metadata: { ...(pi.metadata ?? {}) },
  };
}

function subscriptionStatus(status: Stripe.Subscription.Status): Subscription["status"] {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "incomplete":
      return "incomplete";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    default:
      return "canceled";
  }
}

/** The SDK's error as the port's: declines keep their intent, everything else its code and HTTP status. */
function portError(e: unknown): unknown {
  if (e instanceof Stripe.errors.StripeError) {
    return new PaymentsError(e.code ?? e.rawType ?? "api_error", e.message, {
      decline_code: e.decline_code ?? null,
      http_status: e.statusCode,
      param: e.param,
      ...(e.payment_intent ? { payment_intent: toPortIntent(e.payment_intent as Stripe.PaymentIntent) } : {}),
    });
  }
  return e;
}

/** A confirm that Stripe answered with a card error (HTTP 402) still produced an intent: answer it. */
function declinedIntent(e: unknown): Stripe.PaymentIntent | null {
  if (e instanceof Stripe.errors.StripeCardError && e.payment_intent) return e.payment_intent as Stripe.PaymentIntent;
  return null;
}

/** A Stripe SetupIntent as the port's (requires_confirmation and processing are not reached: it is confirmed at once). */
export function toPortSetup(si: Stripe.SetupIntent): SetupIntent {
  const status: SetupIntent["status"] =
    si.status === "succeeded" || si.status === "requires_action" || si.status === "canceled"
      ? (si.status as SetupIntent["status"])
      : "requires_payment_method";
  const err = si.last_setup_error;
  return {
    id: si.id,
    status,
    client_secret: si.client_secret ?? "",
    customer_id: idOf(si.customer as string | { id: string } | null) ?? "",
    payment_method_id: idOf(si.payment_method as string | { id: string } | null) ?? "",
    last_error: err
      ? {
          code: err.code ?? "card_declined",
          decline_code: err.decline_code ?? null,
          message: err.message ?? cardErrorMessage(err.code ?? "card_declined", err.decline_code),
        }
      : null,
  };
}

function purposeOf(metadata: Record<string, string>): PaymentPurpose {
  const purpose = metadata.purpose;
  if (!purpose || !(PAYMENT_PURPOSES as readonly string[]).includes(purpose)) {
    throw new PaymentsError(
      "parameter_invalid",
      `metadata.purpose must be one of ${PAYMENT_PURPOSES.join(", ")} (got ${JSON.stringify(purpose ?? null)}).`,
    );
  }
  return purpose as PaymentPurpose;
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

export function stripePayments(opts: StripePaymentsOptions): PaymentsPort {
  const { db, now } = opts;
  const stripe = stripeSdk(opts);
  const appUrl = (opts.appUrl ?? "http://localhost:5173").replace(/\/$/, "");
  const productId = opts.membershipProductId ?? DEFAULT_MEMBERSHIP_PRODUCT;

  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (e) {
      throw portError(e);
    }
  }

  /** A confirm-like call: a decline answers the declined intent instead of throwing. */
  async function confirmLike(request: () => Promise<Stripe.PaymentIntent>): Promise<Stripe.PaymentIntent> {
    try {
      return await request();
    } catch (e) {
      const declined = declinedIntent(e);
      if (declined) return declined;
      throw portError(e);
    }
  }

  async function userOfCustomer(customerId: string | null): Promise<number | null> {
    if (!customerId) return null;
    const [row] = await db
      .select({ user_id: paymentCustomers.user_id })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.provider_customer_id, customerId))
      .limit(1);
    return row?.user_id ?? null;
  }

  /** Keeps the mirror row of an intent current (only intents this app created have one). */
  async function mirrorUpdate(pi: Stripe.PaymentIntent): Promise<PaymentIntent> {
    const intent = toPortIntent(pi);
    await db
      .update(paymentIntents)
      .set({
        status: intent.status,
        payment_method_id: intent.payment_method_id,
        last_error: intent.last_error ? JSON.stringify(intent.last_error) : null,
        updated_at: now,
      })
      .where(and(eq(paymentIntents.id, pi.id), eq(paymentIntents.provider, "stripe")));
    return intent;
  }

  async function defaultOf(customerId: string): Promise<string | null> {
    const customer = await call(() => stripe.customers.retrieve(customerId));
    if ("deleted" in customer && customer.deleted) return null;
    return idOf((customer as Stripe.Customer).invoice_settings?.default_payment_method as string | null);
  }

  function toSaved(pm: Stripe.PaymentMethod, customerId: string, defaultId: string | null): SavedPaymentMethod {
    return {
      id: pm.id,
      customer_id: customerId,
      card: {
        brand: pm.card?.brand ?? "unknown",
        last4: pm.card?.last4 ?? "",
        exp_month: pm.card?.exp_month ?? 0,
        exp_year: pm.card?.exp_year ?? 0,
      },
      is_default: pm.id === defaultId,
      fingerprint: pm.card?.fingerprint ?? null,
    };
  }

  async function ensureMembershipProduct(): Promise<void> {
    try {
      await stripe.products.retrieve(productId);
    } catch (e) {
      if (!(e instanceof Stripe.errors.StripeError) || e.statusCode !== 404) throw portError(e);
      try {
        await stripe.products.create(
          { id: productId, name: "Beauty membership" },
          { idempotencyKey: `product:${productId}` },
        );
      } catch (created) {
        // Created meanwhile by another request: fine.
        if (!(created instanceof Stripe.errors.StripeError) || created.code !== "resource_already_exists") {
          throw portError(created);
        }
      }
    }
  }

  const port: PaymentsPort = {
    provider: "stripe",

    async ensureCustomer(user) {
      const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, user.user_id));
      if (row?.provider === "stripe") return row.provider_customer_id;
      const customer = await call(() =>
        stripe.customers.create(
          {
            email: user.email,
            name: user.name,
            phone: user.phone,
            metadata: { user_id: String(user.user_id) },
          },
          { idempotencyKey: `customer:user:${user.user_id}` },
        ),
      );
      await db
        .insert(paymentCustomers)
        .values({ user_id: user.user_id, provider: "stripe", provider_customer_id: customer.id, created_at: now })
        .onConflictDoUpdate({
          target: paymentCustomers.user_id,
          set: { provider: "stripe", provider_customer_id: customer.id, created_at: now },
          setWhere: sql`${paymentCustomers.provider} != 'stripe'`,
        });
      const [after] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, user.user_id));
      return after!.provider_customer_id;
    },

    async ensureGuestCustomer(input) {
      // Stripe keeps the customer; the caller keeps its id. The key answers the first customer to a retry or a
      // concurrent request (the parameters never change for one ref: name and phone as first given).
      const customer = await call(() =>
        stripe.customers.create(
          {
            name: input.name,
            phone: input.phone,
            ...(input.email ? { email: input.email } : {}),
            metadata: { ref: input.ref },
          },
          { idempotencyKey: `customer:guest:${input.ref}` },
        ),
      );
      return customer.id;
    },

    async createIntent(input) {
      const purpose = purposeOf(input.metadata);
      const [mirrored] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.idempotency_key, input.idempotency_key))
        .limit(1);
      if (mirrored?.provider === "stripe") {
        if (mirrored.amount_cents !== input.amount_cents) {
          throw new PaymentsError(
            "idempotency_key_in_use",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        }
        return port.retrieveIntent(mirrored.id);
      }
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amount_cents,
        currency: "usd",
        // Cards only (wallets are cards too): no redirecting method, so a server-side confirm needs no return_url.
        allowed_payment_method_types: ["card"],
        description: input.description,
        metadata: input.metadata,
        ...(input.customer_id ? { customer: input.customer_id } : {}),
        ...(input.payment_method_id ? { payment_method: input.payment_method_id } : {}),
        ...(input.confirm ? { confirm: true } : {}),
        ...(input.confirm && input.off_session ? { off_session: true } : {}),
        ...(input.save_payment_method ? { setup_future_usage: "off_session" as const } : {}),
      };
      const pi = await confirmLike(() =>
        stripe.paymentIntents.create(params, { idempotencyKey: input.idempotency_key }),
      );
      const intent = toPortIntent(pi);
      await db
        .insert(paymentIntents)
        .values({
          id: pi.id,
          user_id: await userOfCustomer(input.customer_id),
          provider: "stripe",
          amount_cents: pi.amount,
          currency: "usd",
          status: intent.status,
          purpose,
          ref: input.metadata.ref ?? "",
          payment_method_id: intent.payment_method_id,
          idempotency_key: input.idempotency_key,
          client_secret: intent.client_secret,
          last_error: intent.last_error ? JSON.stringify(intent.last_error) : null,
          customer_id: input.customer_id,
          description: input.description,
          metadata: JSON.stringify(input.metadata),
          save_payment_method: input.save_payment_method === true,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoUpdate({
          target: paymentIntents.id,
          set: {
            status: intent.status,
            payment_method_id: intent.payment_method_id,
            last_error: intent.last_error ? JSON.stringify(intent.last_error) : null,
            updated_at: now,
          },
        });
      return intent;
    },

    async confirmIntent(id, input) {
      const pi = await confirmLike(() =>
        stripe.paymentIntents.confirm(
          id,
          {
            payment_method: input.payment_method_id,
            ...(input.save_payment_method ? { setup_future_usage: "off_session" as const } : {}),
          },
          { idempotencyKey: input.idempotency_key },
        ),
      );
      return mirrorUpdate(pi);
    },

    async retrieveIntent(id) {
      return mirrorUpdate(await call(() => stripe.paymentIntents.retrieve(id)));
    },

    async cancelIntent(id, idempotencyKey) {
      return mirrorUpdate(await call(() => stripe.paymentIntents.cancel(id, {}, { idempotencyKey })));
    },

    async refund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.payment_intent_id,
            ...(input.amount_cents !== undefined ? { amount: input.amount_cents } : {}),
            ...(REFUND_REASONS.has(input.reason) ? { reason: input.reason as Stripe.RefundCreateParams.Reason } : {}),
            metadata: { reason: input.reason },
          },
          { idempotencyKey: input.idempotency_key },
        ),
      );
      const status: Refund["status"] =
        refund.status === "succeeded"
          ? "succeeded"
          : refund.status === "pending" || refund.status === "requires_action"
            ? "pending"
            : "failed";
      // Mirrored only for intents this app created (refunds.payment_intent_id references payment_intents).
      await db.run(sql`
        INSERT INTO refunds (payment_intent_id, service_order_id, amount_cents, reason, status, provider_ref,
                             requested_by_user_id, idempotency_key, created_at)
        SELECT ${input.payment_intent_id}, ${input.service_order_id ?? null}, ${refund.amount}, ${input.reason},
               ${status}, ${refund.id}, ${input.requested_by_user_id ?? null}, ${input.idempotency_key}, ${now}
        WHERE EXISTS (SELECT 1 FROM payment_intents WHERE id = ${input.payment_intent_id})
        ON CONFLICT (idempotency_key) DO NOTHING`);
      return { id: refund.id, payment_intent_id: input.payment_intent_id, amount_cents: refund.amount, status };
    },

    async retrievePaymentMethod(id): Promise<CardPaymentMethod | null> {
      try {
        const pm = await stripe.paymentMethods.retrieve(id);
        return {
          id: pm.id,
          customer_id: idOf(pm.customer as string | { id: string } | null),
          card: {
            brand: pm.card?.brand ?? "unknown",
            last4: pm.card?.last4 ?? "",
            exp_month: pm.card?.exp_month ?? 0,
            exp_year: pm.card?.exp_year ?? 0,
          },
        };
      } catch (e) {
        if (e instanceof Stripe.errors.StripeError && e.statusCode === 404) return null;
        throw portError(e);
      }
    },

    async setupCard(input) {
      try {
        const si = await stripe.setupIntents.create(
          {
            customer: input.customer_id,
            payment_method: input.payment_method_id,
            usage: "off_session",
            confirm: true,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotency_key },
        );
        // A replayed key answers the first response; after the browser's 3-D Secure step the intent has moved on.
        if (si.status === "requires_action") return toPortSetup(await stripe.setupIntents.retrieve(si.id));
        return toPortSetup(si);
      } catch (e) {
        // A declined card answers HTTP 402 with the SetupIntent: answer it, like a declined PaymentIntent.
        if (e instanceof Stripe.errors.StripeCardError && e.setup_intent) {
          return toPortSetup(e.setup_intent as Stripe.SetupIntent);
        }
        throw portError(e);
      }
    },

    async retrieveSetupIntent(id) {
      return toPortSetup(await call(() => stripe.setupIntents.retrieve(id)));
    },

    async attachPaymentMethod(paymentMethodId, customerId) {
      const pm = await call(() =>
        stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `attach:${paymentMethodId}:${customerId}` },
        ),
      );
      return toSaved(pm, customerId, await defaultOf(customerId));
    },

    async listPaymentMethods(customerId) {
      const [defaultId, list] = await Promise.all([
        defaultOf(customerId),
        call(() => stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 100 })),
      ]);
      return list.data.map((pm) => toSaved(pm, customerId, defaultId));
    },

    async detachPaymentMethod(paymentMethodId) {
      await call(() =>
        stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey: `detach:${paymentMethodId}` }),
      );
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      // The key includes the clock: setting A, then B, then A again within a day must not replay the first A.
      await call(() =>
        stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethodId ?? "" } },
          { idempotencyKey: `customer:${customerId}:default:${paymentMethodId ?? "none"}:${now}` },
        ),
      );
    },

    async createSubscription(input) {
      if (!opts.membershipPriceId) await ensureMembershipProduct();
      const item: Stripe.SubscriptionCreateParams.Item = opts.membershipPriceId
        ? { price: opts.membershipPriceId }
        : {
            price_data: {
              currency: "usd",
              product: productId,
              unit_amount: input.price_cents,
              recurring: { interval: "month" },
            },
          };
      const sub = await call(() =>
        stripe.subscriptions.create(
          {
            customer: input.customer_id,
            default_payment_method: input.payment_method_id,
            items: [item],
            payment_behavior: "allow_incomplete",
            payment_settings: { payment_method_types: ["card"] },
            metadata: { purpose: "membership" },
            expand: ["latest_invoice.payments"],
          },
          { idempotencyKey: input.idempotency_key },
        ),
      );
      let latest: PaymentIntent | null = null;
      let current: Stripe.Subscription = sub;
      if (sub.status === "incomplete") {
        const invoice = sub.latest_invoice as Stripe.Invoice | null;
        const intentId = idOf(
          invoice?.payments?.data?.[0]?.payment?.payment_intent as string | { id: string } | null | undefined,
        );
        if (intentId) {
          latest = toPortIntent(await call(() => stripe.paymentIntents.retrieve(intentId)));
          if (latest.status === "requires_payment_method" && latest.last_error) {
            // Declined: no membership is left waiting; the caller shows the card error.
            await call(() =>
              stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: `${input.idempotency_key}:cancel-declined` }),
            );
            throw new PaymentsError(latest.last_error.code, latest.last_error.message, {
              decline_code: latest.last_error.decline_code ?? null,
              payment_intent: latest,
              http_status: 402,
            });
          }
          // Asked again after the customer's 3-D Secure step: the key replays the first (incomplete) answer, but the
          // first invoice is paid now, so read the subscription as it is (decision 146). A paid first invoice is an
          // active membership even if Stripe has not flipped the status yet.
          if (latest.status === "succeeded") {
            current = await call(() => stripe.subscriptions.retrieve(sub.id));
            if (current.status === "incomplete") current = { ...current, status: "active" };
            latest = null;
          }
        }
      }
      return {
        id: current.id,
        customer_id: input.customer_id,
        status: subscriptionStatus(current.status),
        price_cents: current.items.data[0]?.price?.unit_amount ?? input.price_cents,
        current_period_end: (current.items.data[0]?.current_period_end ?? 0) * 1000,
        latest_intent: current.status === "incomplete" ? latest : null,
      };
    },

    async cancelSubscription(id) {
      const sub = await call(() =>
        stripe.subscriptions.cancel(id, {}, { idempotencyKey: `subscription:${id}:cancel` }),
      );
      return {
        id: sub.id,
        customer_id: idOf(sub.customer as string | { id: string }) ?? "",
        status: subscriptionStatus(sub.status),
        price_cents: sub.items.data[0]?.price?.unit_amount ?? 0,
        current_period_end: (sub.items.data[0]?.current_period_end ?? 0) * 1000,
        latest_intent: null,
      };
    },

    async createConnectedAccount(input) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.vendor_id, input.vendor_id));
      let accountId: string;
      let payoutsEnabled: boolean;
      if (row && row.provider === "stripe" && row.status !== "deleted") {
        accountId = row.account_id;
        payoutsEnabled = row.payouts_enabled;
      } else {
        const account = await call(() =>
          stripe.accounts.create(
            {
              type: "express",
              country: "US",
              email: input.email,
              capabilities: { transfers: { requested: true } },
              metadata: { vendor_id: String(input.vendor_id) },
            },
            { idempotencyKey: input.idempotency_key },
          ),
        );
        accountId = account.id;
        payoutsEnabled = account.payouts_enabled === true;
        const mirror = {
          provider: "stripe" as const,
          account_id: account.id,
          status: account.details_submitted
            ? payoutsEnabled
              ? ("active" as const)
              : ("restricted" as const)
            : ("pending" as const),
          payouts_enabled: payoutsEnabled,
          details_submitted: account.details_submitted === true,
          updated_at: now,
        };
        await db
          .insert(connectedAccounts)
          .values({ vendor_id: input.vendor_id, created_at: now, ...mirror })
          .onConflictDoUpdate({ target: connectedAccounts.vendor_id, set: mirror });
      }
      const link = await call(() =>
        stripe.accountLinks.create(
          {
            account: accountId,
            type: "account_onboarding",
            return_url: input.return_url ?? `${appUrl}/business?payouts=return`,
            refresh_url: input.refresh_url ?? `${appUrl}/business?payouts=refresh`,
          },
          { idempotencyKey: `account-link:${accountId}:${now}` },
        ),
      );
      return { id: accountId, link_url: link.url, payouts_enabled: payoutsEnabled };
    },

    async retrieveConnectedAccount(vendorId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.vendor_id, vendorId));
      if (!row || row.status === "deleted" || row.provider !== "stripe") return null;
      const account = await call(() => stripe.accounts.retrieve(row.account_id));
      // The whole state (as account.updated would bring it), stamped now: an older event arriving later is ignored.
      const state = accountStateOf(account as unknown as Record<string, unknown>);
      await db
        .update(connectedAccounts)
        .set({ ...state, state_at: now, updated_at: now })
        .where(and(eq(connectedAccounts.vendor_id, vendorId), eq(connectedAccounts.account_id, row.account_id)));
      return {
        id: row.account_id,
        status: state.status,
        payouts_enabled: state.payouts_enabled,
        details_submitted: state.details_submitted,
      };
    },

    async createLoginLink(accountId) {
      const link = await call(() =>
        stripe.accounts.createLoginLink(accountId, {}, { idempotencyKey: `login-link:${accountId}:${now}` }),
      );
      return link.url;
    },

    async deleteConnectedAccount(accountId) {
      await call(() => stripe.accounts.del(accountId, {}, { idempotencyKey: `account-delete:${accountId}` }));
      await db
        .update(connectedAccounts)
        .set({ status: "deleted", payouts_enabled: false, updated_at: now })
        .where(eq(connectedAccounts.account_id, accountId));
    },

    async createTransfer(input) {
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amount_cents,
            currency: "usd",
            destination: input.account_id,
            description: input.description,
          },
          { idempotencyKey: input.idempotency_key },
        ),
      );
      return {
        id: transfer.id,
        account_id: idOf(transfer.destination as string | { id: string }) ?? input.account_id,
        amount_cents: transfer.amount,
      };
    },

    async retrieveDispute(id) {
      return disputeStateOf(await call(() => stripe.disputes.retrieve(id)));
    },

    async submitDisputeEvidence(id, evidence, idempotencyKey) {
      const current = disputeStateOf(await call(() => stripe.disputes.retrieve(id)));
      // Stripe takes evidence only while the dispute needs a response; answered like the local processor.
      if (current.status !== "needs_response" && current.status !== "warning_needs_response") {
        throw new PaymentsError(
          "dispute_unexpected_state",
          `This dispute has a status of ${current.status} and no longer takes evidence.`,
          { http_status: 400 },
        );
      }
      const dispute = await call(() =>
        stripe.disputes.update(id, { evidence: { ...evidence }, submit: true }, { idempotencyKey }),
      );
      return disputeStateOf(dispute);
    },

    async verifyWebhook(payload, signature) {
      if (!signature) return null;
      try {
        const event = await stripe.webhooks.constructEventAsync(
          payload,
          signature,
          opts.webhookSecret,
          undefined,
          Stripe.createSubtleCryptoProvider(),
          now,
        );
        return {
          id: event.id,
          type: event.type,
          object: event.data.object as unknown as Record<string, unknown>,
          created: event.created * 1000,
        };
      } catch {
        return null;
      }
    },
  };
  return port;
}

/** A Stripe Dispute as the port's DisputeState. */
function disputeStateOf(d: Stripe.Dispute): DisputeState {
  const due = d.evidence_details?.due_by;
  return {
    id: d.id,
    payment_intent_id: typeof d.payment_intent === "string" ? d.payment_intent : (d.payment_intent?.id ?? ""),
    amount_cents: d.amount,
    status: d.status as DisputeState["status"],
    reason: d.reason,
    due_by: typeof due === "number" ? due * 1000 : null,
    evidence_submitted: (d.evidence_details?.submission_count ?? 0) > 0,
  };
}
