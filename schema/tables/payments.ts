import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { services } from "./catalogue";
import { cents, createdAt, instant } from "./columns";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * Money: the state the payments port keeps (the local adapter keeps the whole state machine here; the
 * Stripe adapter mirrors provider objects by id). All amounts are integer cents; every charge, refund and
 * payout has an idempotency key so retries and cron re-runs never move money twice.
 */

export const PROVIDERS = ["local", "stripe"] as const;

/** The payment provider's customer for a user (Stripe Customer, or a local id). */
export const paymentCustomers = sqliteTable("payment_customers", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.user_id, { onDelete: "cascade" }),
  provider: text("provider", { enum: PROVIDERS }).notNull(),
  provider_customer_id: text("provider_customer_id").notNull().unique(),
  created_at: createdAt(),
});

/** A saved card (docs/product.md section 3 "Payment method"). id is the provider's id (pm_...). */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    exp_month: integer("exp_month").notNull(),
    exp_year: integer("exp_year").notNull(),
    is_default: integer("is_default", { mode: "boolean" }).notNull().default(false),
    /** Card fingerprint, to avoid saving the same card twice. */
    fingerprint: text("fingerprint"),
    created_at: createdAt(),
    detached_at: instant("detached_at"),
  },
  (t) => [
    index("payment_methods_user_idx").on(t.user_id),
    uniqueIndex("payment_methods_one_default_uq")
      .on(t.user_id)
      .where(sql`is_default = 1 and detached_at is null`),
  ],
);

export const PAYMENT_INTENT_STATUSES = [
  "requires_payment_method",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
] as const;

/**
 * A charge attempt (docs/product.md "Payment intent response"). purpose + ref say what it pays for: an order
 * (order_id), a tip or secure-pay charge (service_order_id), a gift card, a membership, a client
 * subscription charge, a vendor's added charge.
 */
export const paymentIntents = sqliteTable(
  "payment_intents",
  {
    id: text("id").primaryKey(),
    /** Null for payment-link payers without an account. */
    user_id: integer("user_id").references(() => users.user_id),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    amount_cents: cents("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: PAYMENT_INTENT_STATUSES }).notNull(),
    purpose: text("purpose", {
      enum: [
        "order",
        "tip",
        "secure_pay",
        "add_charge",
        "gift_card",
        "membership",
        "client_subscription",
        "staff_charge",
        "reschedule",
      ],
    }).notNull(),
    ref: text("ref").notNull(),
    payment_method_id: text("payment_method_id"),
    idempotency_key: text("idempotency_key").notNull().unique(),
    client_secret: text("client_secret").notNull(),
    /** JSON {code, decline_code?, message} of the last failed attempt, as the port's PaymentError. */
    last_error: text("last_error"),
    /** The provider customer (cus_...), when the payer has an account. */
    customer_id: text("customer_id"),
    description: text("description"),
    /** The port's metadata as JSON (purpose and ref are also kept in their own columns for queries). */
    metadata: text("metadata"),
    /** Attach the card to the customer once the payment succeeds (Stripe's setup_future_usage). */
    save_payment_method: integer("save_payment_method", { mode: "boolean" }).notNull().default(false),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("payment_intents_user_idx").on(t.user_id, t.created_at),
    index("payment_intents_purpose_ref_idx").on(t.purpose, t.ref),
  ],
);

export const refunds = sqliteTable(
  "refunds",
  {
    refund_id: integer("refund_id").primaryKey({ autoIncrement: true }),
    payment_intent_id: text("payment_intent_id")
      .notNull()
      .references(() => paymentIntents.id),
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    amount_cents: cents("amount_cents").notNull(),
    reason: text("reason"),
    status: text("status", {
      enum: ["pending", "succeeded", "failed"],
    }).notNull(),
    provider_ref: text("provider_ref"),
    requested_by_user_id: integer("requested_by_user_id").references(() => users.user_id),
    idempotency_key: text("idempotency_key").notNull().unique(),
    created_at: createdAt(),
  },
  (t) => [index("refunds_pi_idx").on(t.payment_intent_id), index("refunds_so_idx").on(t.service_order_id)],
);

/** Tips on a job (customer tip modal or a vendor's secure-pay link). */
export const tips = sqliteTable(
  "tips",
  {
    tip_id: integer("tip_id").primaryKey({ autoIncrement: true }),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id),
    user_id: integer("user_id").references(() => users.user_id),
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    amount_cents: cents("amount_cents").notNull(),
    source: text("source", { enum: ["customer", "secure_pay"] })
      .notNull()
      .default("customer"),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    payment_intent_id: text("payment_intent_id").references(() => paymentIntents.id),
    created_at: createdAt(),
  },
  (t) => [index("tips_so_idx").on(t.service_order_id), index("tips_vendor_idx").on(t.vendor_id, t.created_at)],
);

/** eGift cards. The code is what the recipient types; redeeming moves the balance to account credit. */
export const giftCards = sqliteTable(
  "gift_cards",
  {
    gift_card_id: integer("gift_card_id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull().unique(),
    amount_cents: cents("amount_cents").notNull(),
    balance_cents: cents("balance_cents").notNull(),
    purchaser_user_id: integer("purchaser_user_id").references(() => users.user_id),
    recipient_name: text("recipient_name"),
    recipient_email: text("recipient_email"),
    recipient_phone: text("recipient_phone"),
    message: text("message"),
    payment_intent_id: text("payment_intent_id").references(() => paymentIntents.id),
    status: text("status", {
      enum: ["pending_payment", "active", "redeemed", "void"],
    })
      .notNull()
      .default("pending_payment"),
    redeemed_by_user_id: integer("redeemed_by_user_id").references(() => users.user_id),
    redeemed_at: instant("redeemed_at"),
    /** The purchaser's idempotency key ("u<user_id>:<client key>"): a retried purchase finds this card. */
    purchase_key: text("purchase_key"),
    /** The day the buyer chose for delivery, their local "YYYY-MM-DD", and their IANA zone (null: at once). */
    deliver_on: text("deliver_on"),
    deliver_time_zone: text("deliver_time_zone"),
    /** When the code falls due for the recipient (GIFT_DELIVERY_LOCAL_TIME on deliver_on in its zone). */
    deliver_at: instant("deliver_at"),
    /** When the code was sent to the recipient: set once by the delivery that claims it. */
    delivered_at: instant("delivered_at"),
    created_at: createdAt(),
  },
  (t) => [
    index("gift_cards_purchaser_idx").on(t.purchaser_user_id),
    uniqueIndex("gift_cards_purchase_key_uq").on(t.purchase_key),
    index("gift_cards_payment_intent_idx").on(t.payment_intent_id),
    index("gift_cards_delivery_due_idx")
      .on(t.deliver_at)
      .where(sql`delivered_at IS NULL AND status = 'active'`),
  ],
);

/**
 * A vendor's request for a payment from a client (POST /checkout/requestCustomerPayment): the client opens
 * the texted link (`/?vpid=<token>`) and pays without an account. Only the token's SHA-256 is kept. A link
 * is open until paid, cancelled or expired (docs/decisions/032-checkout-and-job-offers.md).
 */
export const paymentRequests = sqliteTable(
  "payment_requests",
  {
    payment_request_id: integer("payment_request_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    /** The job the payment is for, when there is one. */
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    client_name: text("client_name"),
    /** E.164. */
    client_phone: text("client_phone").notNull(),
    client_user_id: integer("client_user_id").references(() => users.user_id),
    amount_cents: cents("amount_cents").notNull(),
    description: text("description").notNull(),
    token_hash: text("token_hash").notNull().unique(),
    status: text("status", { enum: ["open", "paid", "cancelled"] })
      .notNull()
      .default("open"),
    expires_at: instant("expires_at").notNull(),
    payment_intent_id: text("payment_intent_id"),
    paid_at: instant("paid_at"),
    /** The vendor's key ("v<vendor_id>:<client key>"): a retried request answers the same link. */
    idempotency_key: text("idempotency_key").notNull().unique(),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("payment_requests_vendor_idx").on(t.vendor_id, t.created_at),
    index("payment_requests_pi_idx").on(t.payment_intent_id),
  ],
);

/**
 * Account credit history. users.credit_balance_cents is the running balance kept in step with this
 * ledger; (reason, ref) is unique so applying the same credit twice is a no-op.
 */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    entry_id: integer("entry_id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    delta_cents: cents("delta_cents").notNull(),
    /** e.g. welcome, referral, gift_card, order, refund, admin. */
    reason: text("reason").notNull(),
    /** What the entry is about, e.g. "order:12", "gift_card:ABCD", "user:5". */
    ref: text("ref").notNull(),
    note: text("note"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_ledger_reason_ref_uq").on(t.reason, t.ref),
    index("credit_ledger_user_idx").on(t.user_id, t.created_at),
  ],
);

/** "Beauty member" memberships. At most one active per user. */
export const memberships = sqliteTable(
  "memberships",
  {
    membership_id: integer("membership_id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    status: text("status", { enum: ["active", "cancelled"] }).notNull(),
    price_cents: cents("price_cents").notNull(),
    started_at: instant("started_at").notNull(),
    current_period_end: instant("current_period_end"),
    cancelled_at: instant("cancelled_at"),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    provider_ref: text("provider_ref"),
    created_at: createdAt(),
  },
  (t) => [
    index("memberships_user_idx").on(t.user_id, t.status),
    uniqueIndex("memberships_one_active_uq")
      .on(t.user_id)
      .where(sql`status = 'active'`),
  ],
);

/**
 * A vendor's recurring client (docs/product.md section 4 "Client subscription"). The client gets a text link (its
 * token's SHA-256 is stored) to enter payment; the card is charged 24 hours before each service. A price
 * change waits in pending_price_cents for approval (status pending_approval) and auto-cancels by the next
 * service date.
 */
export const clientSubscriptions = sqliteTable(
  "client_subscriptions",
  {
    client_subscription_id: integer("client_subscription_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    client_user_id: integer("client_user_id").references(() => users.user_id),
    client_name: text("client_name").notNull(),
    client_phone: text("client_phone").notNull(),
    client_email: text("client_email"),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    price_cents: cents("price_cents").notNull(),
    pending_price_cents: cents("pending_price_cents"),
    interval_days: integer("interval_days").notNull(),
    next_service_at: instant("next_service_at").notNull(),
    job_minutes: integer("job_minutes").notNull(),
    address: text("address").notNull(),
    zipcode: text("zipcode").notNull(),
    status: text("status", {
      enum: ["created", "active", "pending_approval", "cancelled"],
    })
      .notNull()
      .default("created"),
    payment_method_id: text("payment_method_id"),
    payment_link_token_hash: text("payment_link_token_hash").unique(),
    payment_link_expires_at: instant("payment_link_expires_at"),
    last_charged_for: instant("last_charged_for"),
    cancelled_at: instant("cancelled_at"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
    /** The intent of the latest charge (migration 0008). */
    last_intent_id: text("last_intent_id"),
    /** When the charge of the current date was declined (cleared when a card is accepted). */
    declined_at: instant("declined_at"),
    /** When the pro asked for the price in pending_price_cents. */
    price_change_requested_at: instant("price_change_requested_at"),
    cancel_reason: text("cancel_reason"),
    /** The service address's zone, for the dates in texts and pages. */
    time_zone: text("time_zone").notNull().default("America/New_York"),
    /** The pro's key ("v<vendor_id>:<client key>"): a retried create answers the same subscription. */
    idempotency_key: text("idempotency_key"),
    /** Migration 0012: the provider customer the client's card is saved on. */
    customer_id: text("customer_id"),
  },
  (t) => [
    index("client_subs_vendor_idx").on(t.vendor_id, t.status),
    index("client_subs_due_idx").on(t.status, t.next_service_at),
    uniqueIndex("client_subs_idem_uq")
      .on(t.idempotency_key)
      .where(sql`idempotency_key is not null`),
  ],
);

/** A vendor's payout account (Stripe Connect Express, or local). One per vendor. */
export const connectedAccounts = sqliteTable("connected_accounts", {
  vendor_id: integer("vendor_id")
    .primaryKey()
    .references(() => vendors.vendor_id),
  provider: text("provider", { enum: PROVIDERS }).notNull(),
  account_id: text("account_id").notNull().unique(),
  status: text("status", {
    enum: ["pending", "active", "restricted", "deleted"],
  }).notNull(),
  payouts_enabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
  details_submitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
  created_at: createdAt(),
  updated_at: instant("updated_at").notNull(),
  /** Migration 0012: the rest of the provider's state (account.updated), and when it was reported. */
  charges_enabled: integer("charges_enabled", { mode: "boolean" }).notNull().default(false),
  /** JSON array of the requirements due (Stripe's requirements.currently_due and past_due). */
  requirements_due: text("requirements_due"),
  disabled_reason: text("disabled_reason"),
  state_at: instant("state_at"),
});

/**
 * What a vendor earned, line by line: a job's payout, a tip, an added charge, an adjustment. payout_id is
 * set once the line is paid out. (service_order_id, kind) is unique for job lines so completion is
 * idempotent.
 */
export const vendorEarnings = sqliteTable(
  "vendor_earnings",
  {
    earning_id: integer("earning_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    kind: text("kind", {
      enum: ["job", "tip", "add_charge", "adjustment", "redemption", "dispute"],
    }).notNull(),
    amount_cents: cents("amount_cents").notNull(),
    /** Unique per line source, e.g. "job:12", "tip:4", "adjust:9". */
    ref: text("ref").notNull().unique(),
    payout_id: integer("payout_id").references(() => payouts.payout_id),
    created_at: createdAt(),
  },
  (t) => [
    index("vendor_earnings_vendor_idx").on(t.vendor_id, t.created_at),
    index("vendor_earnings_unpaid_idx").on(t.vendor_id, t.payout_id),
  ],
);

export const payouts = sqliteTable(
  "payouts",
  {
    payout_id: integer("payout_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    amount_cents: cents("amount_cents").notNull(),
    fee_cents: cents("fee_cents").notNull().default(0),
    kind: text("kind", { enum: ["standard", "instant"] })
      .notNull()
      .default("standard"),
    status: text("status", {
      enum: ["pending", "paid", "failed", "canceled"],
    }).notNull(),
    idempotency_key: text("idempotency_key").notNull().unique(),
    transfer_ref: text("transfer_ref"),
    failure_reason: text("failure_reason"),
    created_at: createdAt(),
    paid_at: instant("paid_at"),
    /** Start of the weekly period a scheduled payout covers (migration 0008); null for instant payouts. */
    period_start: instant("period_start"),
  },
  (t) => [
    index("payouts_vendor_idx").on(t.vendor_id, t.created_at),
    index("payouts_status_idx").on(t.status, t.created_at),
    uniqueIndex("payouts_vendor_period_uq")
      .on(t.vendor_id, t.period_start)
      .where(sql`period_start is not null`),
  ],
);

/**
 * The local adapter's side of a card, as a processor keeps it: display fields, a keyed fingerprint and how the
 * card behaves when charged (the test-card table). Never the number or the security code. Saved cards are in
 * payment_methods as well; this table also holds cards tokenised by guests and cards not saved.
 */
/** decline: refused when checked or charged; decline_charges: saves (the check passes) but every charge is declined. */
export const LOCAL_CARD_OUTCOMES = [
  "succeed",
  "decline",
  "decline_charges",
  "authenticate",
  "authenticate_always",
  "dispute",
] as const;
export const localPaymentMethods = sqliteTable("local_payment_methods", {
  id: text("id").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  exp_month: integer("exp_month").notNull(),
  exp_year: integer("exp_year").notNull(),
  fingerprint: text("fingerprint").notNull(),
  outcome: text("outcome", { enum: LOCAL_CARD_OUTCOMES }).notNull(),
  /** The error a declining card answers with: code (card_declined, expired_card...) and decline_code. */
  decline_code: text("decline_code"),
  error_code: text("error_code"),
  /** Authenticated once with saving asked for: later off-session charges need no new authentication. */
  set_up_off_session: integer("set_up_off_session", { mode: "boolean" }).notNull().default(false),
  created_at: createdAt(),
  /** Migration 0012: the local_customers customer it is attached to (cards of users go through payment_methods). */
  customer_id: text("customer_id"),
});

/**
 * The local adapter's SetupIntents (migration 0021): a card checked with the issuer before it is saved for later
 * (Stripe's SetupIntent). succeeded attaches the card; requires_action waits for the 3-D Secure step.
 */
export const localSetupIntents = sqliteTable("local_setup_intents", {
  id: text("id").primaryKey(),
  customer_id: text("customer_id").notNull(),
  payment_method_id: text("payment_method_id").notNull(),
  status: text("status", { enum: ["requires_payment_method", "requires_action", "succeeded", "canceled"] }).notNull(),
  client_secret: text("client_secret").notNull(),
  /** JSON PaymentError of a decline or a failed authentication. */
  last_error: text("last_error"),
  metadata: text("metadata"),
  idempotency_key: text("idempotency_key").notNull().unique(),
  created_at: createdAt(),
  updated_at: instant("updated_at").notNull(),
});

/** The local adapter's customers that are not users (a pro's recurring client), found again by ref (0012). */
export const localCustomers = sqliteTable("local_customers", {
  id: text("id").primaryKey(),
  ref: text("ref").notNull().unique(),
  name: text("name").notNull(),
  phone: text("phone"),
  email: text("email"),
  default_payment_method_id: text("default_payment_method_id"),
  created_at: createdAt(),
});

/** The local adapter's subscriptions (membership). A charge is made when it starts; it does not renew itself. */
export const localSubscriptions = sqliteTable("local_subscriptions", {
  id: text("id").primaryKey(),
  customer_id: text("customer_id").notNull(),
  payment_method_id: text("payment_method_id").notNull(),
  price_cents: cents("price_cents").notNull(),
  status: text("status", { enum: ["active", "canceled", "incomplete", "past_due"] }).notNull(),
  current_period_end: instant("current_period_end").notNull(),
  latest_intent_id: text("latest_intent_id"),
  idempotency_key: text("idempotency_key").notNull().unique(),
  created_at: createdAt(),
  canceled_at: instant("canceled_at"),
});

/** The local adapter's transfers to vendors' connected accounts. */
export const localTransfers = sqliteTable("local_transfers", {
  id: text("id").primaryKey(),
  account_id: text("account_id").notNull(),
  amount_cents: cents("amount_cents").notNull(),
  description: text("description"),
  idempotency_key: text("idempotency_key").notNull().unique(),
  created_at: createdAt(),
});

/** Webhook events already handled, by the provider's event id: a redelivered event is answered, not re-applied. */
export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider", { enum: PROVIDERS }).notNull(),
  type: text("type").notNull(),
  received_at: instant("received_at").notNull(),
});

/** Queue items already done, by key (worker/cron/): a redelivered or re-enqueued item changes nothing. */
export const cronItems = sqliteTable(
  "cron_items",
  {
    key: text("key").primaryKey(),
    kind: text("kind").notNull(),
    outcome: text("outcome").notNull(),
    detail: text("detail"),
    done_at: instant("done_at").notNull(),
  },
  (t) => [index("cron_items_kind_idx").on(t.kind, t.done_at)],
);

export const DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;

/**
 * A customer's dispute of a card payment (a chargeback, or an inquiry: Stripe's `warning_*` statuses), as the
 * processor reported it through charge.dispute.* events (docs/decisions/148-disputes.md). Linked to the payment
 * intent and, as far as it can be told from what the intent paid for, the job, the customer and the pro.
 * event_at is the time of the latest event applied: an older event never overwrites a newer one, and a closed
 * dispute (won, lost, warning_closed) never reopens.
 */
export const disputes = sqliteTable(
  "disputes",
  {
    /** The processor's dispute id (dp_...). */
    id: text("id").primaryKey(),
    provider: text("provider", { enum: PROVIDERS }).notNull(),
    payment_intent_id: text("payment_intent_id").notNull(),
    charge_id: text("charge_id"),
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    user_id: integer("user_id").references(() => users.user_id),
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    amount_cents: cents("amount_cents").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull(),
    /** The card network's reason as Stripe names it (fraudulent, product_not_received, ...). */
    reason: text("reason").notNull(),
    /** When evidence is due (epoch ms), null once it no longer can be sent. */
    due_by: instant("due_by"),
    /** The processor withdrew the disputed amount (and its fee) from the platform; cleared when reinstated. */
    funds_withdrawn: integer("funds_withdrawn", { mode: "boolean" }).notNull().default(false),
    /** When staff submitted evidence (the processor's own record holds the evidence itself). */
    evidence_submitted_at: instant("evidence_submitted_at"),
    event_at: instant("event_at").notNull(),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("disputes_status_idx").on(t.status, t.due_by),
    index("disputes_pi_idx").on(t.payment_intent_id),
    index("disputes_vendor_idx").on(t.vendor_id),
  ],
);

/**
 * The local processor's disputes (docs/decisions/148-disputes.md): opened when a charge with the disputing test
 * card succeeds, moved by evidence and by the local processor's test surface (won or lost), each change announced
 * as a signed charge.dispute.* event like Stripe's.
 */
export const localDisputes = sqliteTable("local_disputes", {
  id: text("id").primaryKey(),
  payment_intent_id: text("payment_intent_id").notNull().unique(),
  amount_cents: cents("amount_cents").notNull(),
  status: text("status", { enum: DISPUTE_STATUSES }).notNull(),
  reason: text("reason").notNull(),
  due_by: instant("due_by").notNull(),
  /** JSON of the evidence submitted (Stripe's dispute evidence fields). */
  evidence: text("evidence"),
  evidence_submitted_at: instant("evidence_submitted_at"),
  /** Incremented on every change: the events' ids and order. */
  version: integer("version").notNull().default(1),
  created_at: createdAt(),
  updated_at: instant("updated_at").notNull(),
});
