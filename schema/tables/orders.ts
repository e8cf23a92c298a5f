import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { serviceCodeGroups, services } from "./catalogue";
import { cents, createdAt, instant } from "./columns";
import { clientSubscriptions } from "./payments";
import { vendors } from "./vendors";

/**
 * Carts, orders and the jobs they make. An order is one checkout; each booked service in it is a
 * service order (a job) done by one vendor. Numeric job states (service_order_status_id,
 * scheduled_status) are defined in domain/order-status.ts.
 */

/**
 * The server side of a cart (the browser also keeps it locally, docs/product.md section 3 "Cart item"). A signed-in
 * user has at most one cart; a visitor's cart is found by the hash of a random token in a cookie.
 */
export const carts = sqliteTable(
  "carts",
  {
    cart_id: integer("cart_id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id").references(() => users.user_id, {
      onDelete: "cascade",
    }),
    visitor_token_hash: text("visitor_token_hash"),
    zipcode: text("zipcode"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [uniqueIndex("carts_user_uq").on(t.user_id), uniqueIndex("carts_visitor_uq").on(t.visitor_token_hash)],
);

export const cartItems = sqliteTable(
  "cart_items",
  {
    cartitemid: integer("cartitemid").primaryKey({ autoIncrement: true }),
    cart_id: integer("cart_id")
      .notNull()
      .references(() => carts.cart_id, { onDelete: "cascade" }),
    /** The chosen vendor, or null while the product will match one. */
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    /** A vendor the customer prefers (a hint for matching), when vendor_id is not fixed. */
    hint_v: integer("hint_v"),
    service_code: text("service_code").notNull(),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    /** The chosen start (ms UTC); null until a time is picked. */
    selected_date: instant("selected_date"),
    /** Minutes, add-ons included. */
    total_duration: integer("total_duration").notNull(),
    price_cents: cents("price_cents").notNull(),
    is_subscription: integer("is_subscription", { mode: "boolean" }).notNull().default(false),
    is_connect_type: integer("is_connect_type", { mode: "boolean" }).notNull().default(false),
    /** Staff/vendor-made items that skip the calendar check. */
    schedule_bypass: integer("schedule_bypass", { mode: "boolean" }).notNull().default(false),
    /** The vendor calendar's hold on selected_date, and when it lapses. */
    hold_id: text("hold_id"),
    hold_expires_at: instant("hold_expires_at"),
    created_at: createdAt(),
  },
  (t) => [
    index("cart_items_cart_idx").on(t.cart_id),
    index("cart_items_vendor_date_idx").on(t.vendor_id, t.selected_date),
    index("cart_items_hold_exp_idx").on(t.hold_expires_at),
  ],
);

/** One checkout. Totals are cents; the idempotency key makes a retried checkout return the same order. */
export const orders = sqliteTable(
  "orders",
  {
    order_id: integer("order_id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    status: text("status", {
      enum: ["pending_payment", "confirmed", "completed", "cancelled", "failed"],
    })
      .notNull()
      .default("pending_payment"),
    subtotal_cents: cents("subtotal_cents").notNull(),
    discount_cents: cents("discount_cents").notNull().default(0),
    credit_applied_cents: cents("credit_applied_cents").notNull().default(0),
    fee_cents: cents("fee_cents").notNull().default(0),
    tax_cents: cents("tax_cents").notNull().default(0),
    /** What the card is charged: subtotal - discount - credit + fee + tax. */
    total_cents: cents("total_cents").notNull(),
    email: text("email"),
    phone: text("phone"),
    /** The service address, its ZIP and time zone. */
    address: text("address").notNull(),
    zipcode: text("zipcode").notNull(),
    time_zone: text("time_zone").notNull(),
    /** The customer's notes for the pro (domain/customer-notes.ts), copied to each job. */
    customer_notes: text("customer_notes"),
    payment_intent_id: text("payment_intent_id"),
    idempotency_key: text("idempotency_key").notNull().unique(),
    /**
     * The client's key of POST /checkout/completeOrder (docs/decisions/032-checkout-and-job-offers.md): a
     * retried completion with it answers this order, even after the cart is gone.
     */
    completion_key: text("completion_key"),
    /** Why a checkout failed (status failed), e.g. "hold-lost:refunded". */
    failure_reason: text("failure_reason"),
    /** When the order was confirmed (paid and booked). */
    confirmed_at: instant("confirmed_at"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("orders_user_idx").on(t.user_id, t.created_at),
    index("orders_status_idx").on(t.status, t.created_at),
    uniqueIndex("orders_completion_key_uq").on(t.user_id, t.completion_key),
    index("orders_payment_intent_idx").on(t.payment_intent_id),
  ],
);

/**
 * The lines of a checkout: an order in pending_payment is the draft, made from the cart at POST
 * /checkout/charge-stripe, one line per cart item with the hold that keeps its time. The line's service
 * order is written when the order completes; its id is the booking's ref in the vendor calendar
 * (docs/decisions/032-checkout-and-job-offers.md).
 */
export const checkoutItems = sqliteTable(
  "checkout_items",
  {
    checkout_item_id: integer("checkout_item_id").primaryKey({ autoIncrement: true }),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    /** 0-based line number within the order. */
    position: integer("position").notNull(),
    /** The cart item it came from (no reference: the cart item is deleted at completion). */
    cartitemid: integer("cartitemid").notNull(),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    /** The vendor the customer chose; null for "any pro" (then the job is offered to candidates). */
    chosen_vendor_id: integer("chosen_vendor_id").references(() => vendors.vendor_id),
    hint_v: integer("hint_v"),
    /** The hold on the vendor calendar and the vendor whose calendar holds it. */
    hold_id: text("hold_id").notNull(),
    hold_vendor_id: integer("hold_vendor_id").notNull(),
    start_at: instant("start_at").notNull(),
    job_minutes: integer("job_minutes").notNull(),
    is_connect: integer("is_connect", { mode: "boolean" }).notNull().default(false),
    is_subscription: integer("is_subscription", { mode: "boolean" }).notNull().default(false),
    /** The line's price and its share of the member discount (cents). */
    price_cents: cents("price_cents").notNull(),
    discount_cents: cents("discount_cents").notNull().default(0),
    /** IANA zone the time is shown in (the holding vendor's). */
    time_zone: text("time_zone").notNull(),
    /** Set when the order completes. */
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
  },
  (t) => [
    uniqueIndex("checkout_items_order_pos_uq").on(t.order_id, t.position),
    uniqueIndex("checkout_items_so_uq").on(t.service_order_id),
  ],
);

/** A job: one service for one customer at one time, done by one vendor. */
export const serviceOrders = sqliteTable(
  "service_orders",
  {
    service_order_id: integer("service_order_id").primaryKey({ autoIncrement: true }),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    /** Null until a vendor accepts the job. */
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    /** domain/order-status.ts ServiceOrderStatus (10 pending, 20 scheduled, 30 in progress, 40 completed...). */
    service_order_status_id: integer("service_order_status_id").notNull(),
    /** 0 waits for the vendor to confirm the schedule, 1 confirmed. */
    scheduled_status: integer("scheduled_status").notNull().default(0),
    /** Start of the job, ms UTC (shown as YYYY-MM-DD HH:MM in time_zone). */
    promised_arrival_time: instant("promised_arrival_time").notNull(),
    job_minutes: integer("job_minutes").notNull(),
    is_connect: integer("is_connect", { mode: "boolean" }).notNull().default(false),
    /** Service address (copied from the order so a job stands alone), ZIP and IANA zone. */
    address: text("address").notNull(),
    zipcode: text("zipcode").notNull(),
    time_zone: text("time_zone").notNull(),
    /** The customer's notes for the pro, copied from the order; shown once the pro has the job. */
    customer_notes: text("customer_notes"),
    completion_time: instant("completion_time"),
    /** JSON `{ items, claim }`: the checklist item ids the pro ticked when completing (domain/job-actions.ts). */
    completion_checklist: text("completion_checklist"),
    cancelled_at: instant("cancelled_at"),
    cancel_reason: text("cancel_reason"),
    /** JSON `{ "before": string[], "after": string[], "testimonial": string[] }` of image paths. */
    job_images: text("job_images").notNull().default('{"before":[],"after":[],"testimonial":[]}'),
    /** The customer's rating 1-5 and comment; null until rated. */
    vendor_rating: integer("vendor_rating"),
    vendor_rating_notes: text("vendor_rating_notes"),
    rated_at: instant("rated_at"),
    /** Staff approval of a rating (team lead or manager); approved ratings count and show as reviews. */
    rating_approved: integer("rating_approved", { mode: "boolean" }).notNull().default(false),
    /** Set when staff reject a held rating: it never counts (docs/decisions/092). */
    rating_rejected_at: instant("rating_rejected_at"),
    /** What the customer pays for this job and what the vendor earns for it. */
    price_cents: cents("price_cents").notNull(),
    vendor_payout_cents: cents("vendor_payout_cents").notNull().default(0),
    tip_cents: cents("tip_cents").notNull().default(0),
    /** Set when the job comes from a vendor's client subscription. */
    client_subscription_id: integer("client_subscription_id").references(
      () => clientSubscriptions.client_subscription_id,
    ),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("so_order_idx").on(t.order_id),
    index("so_user_time_idx").on(t.user_id, t.promised_arrival_time),
    index("so_vendor_time_idx").on(t.vendor_id, t.promised_arrival_time),
    index("so_status_time_idx").on(t.service_order_status_id, t.promised_arrival_time),
    index("so_vendor_completed_idx").on(t.vendor_id, t.completion_time),
    index("so_service_completed_idx").on(t.service_id, t.completion_time),
  ],
);

/**
 * A job offered to a candidate vendor. The first valid acceptance wins (a conditional update on
 * service_orders.vendor_id plus the vendor calendar's check); the others become lost.
 */
export const jobOffers = sqliteTable(
  "job_offers",
  {
    job_offer_id: integer("job_offer_id").primaryKey({ autoIncrement: true }),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id, {
        onDelete: "cascade",
      }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    status: text("status", {
      enum: ["offered", "accepted", "declined", "expired", "lost"],
    })
      .notNull()
      .default("offered"),
    offered_at: instant("offered_at").notNull(),
    expires_at: instant("expires_at"),
    responded_at: instant("responded_at"),
  },
  (t) => [
    uniqueIndex("job_offers_so_vendor_uq").on(t.service_order_id, t.vendor_id),
    index("job_offers_vendor_status_idx").on(t.vendor_id, t.status, t.offered_at),
    index("job_offers_status_exp_idx").on(t.status, t.expires_at),
  ],
);

/**
 * Reschedule requests. A customer's request needs the vendor's consent; a vendor's needs the customer's.
 * A fee may be assessed or waived (docs/product.md section 4 "Vendor jobs").
 */
export const rescheduleRequests = sqliteTable(
  "reschedule_requests",
  {
    reschedule_id: integer("reschedule_id").primaryKey({ autoIncrement: true }),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id, {
        onDelete: "cascade",
      }),
    requested_by: text("requested_by", {
      enum: ["customer", "vendor", "staff"],
    }).notNull(),
    requested_by_user_id: integer("requested_by_user_id").references(() => users.user_id),
    from_time: instant("from_time").notNull(),
    to_time: instant("to_time").notNull(),
    reason: text("reason"),
    status: text("status", {
      enum: ["pending", "accepted", "declined", "expired", "cancelled"],
    })
      .notNull()
      .default("pending"),
    fee_cents: cents("fee_cents").notNull().default(0),
    fee_waived: integer("fee_waived", { mode: "boolean" }).notNull().default(false),
    idempotency_key: text("idempotency_key").notNull().unique(),
    /**
     * The provisional hold on the vendor calendar that keeps to_time while the other side decides; it
     * lapses at expires_at, when an unanswered request stops counting (docs/decisions/033).
     */
    hold_id: text("hold_id"),
    expires_at: instant("expires_at"),
    created_at: createdAt(),
    resolved_at: instant("resolved_at"),
    /**
     * A customer's request may also switch to another length of the same service (docs/decisions/067): the new
     * service and its minutes; null keeps the job's. The price difference is in reschedule_payments.
     */
    to_service_id: integer("to_service_id").references(() => services.service_id),
    to_job_minutes: integer("to_job_minutes"),
  },
  (t) => [index("reschedule_so_idx").on(t.service_order_id, t.status)],
);

/**
 * Curated testimonials for service pages and the home page (GET /testimonials). json_data is a JSON
 * string with at least `{ "scgid": number }`; job_images is the same shape as on service_orders.
 * Two per service, by display_order descending (docs/product.md section 9).
 */
export const testimonials = sqliteTable(
  "testimonials",
  {
    testimonial_id: integer("testimonial_id").primaryKey({ autoIncrement: true }),
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    service_id: integer("service_id").references(() => services.service_id),
    service_code_group_id: integer("service_code_group_id").references(() => serviceCodeGroups.service_code_group_id),
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    /** The customer's shown name; "Guest" when missing. */
    name: text("name"),
    rating: integer("rating"),
    comment: text("comment"),
    display_order: integer("display_order").notNull().default(0),
    json_data: text("json_data").notNull().default("{}"),
    job_images: text("job_images").notNull().default('{"before":[],"after":[],"testimonial":[]}'),
    promised_arrival_time: instant("promised_arrival_time"),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    index("testimonials_service_idx").on(t.service_id, t.display_order),
    index("testimonials_group_idx").on(t.service_code_group_id, t.display_order),
  ],
);

/**
 * Reminder texts a visitor or customer asked for (POST /sms/reminder); worker/checkout/reminders.ts
 * sendDueReminders sends the due ones from the cron. One per phone, service and time.
 */
export const smsReminders = sqliteTable(
  "sms_reminders",
  {
    reminder_id: integer("reminder_id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id").references(() => users.user_id, { onDelete: "set null" }),
    /** E.164. */
    phone: text("phone").notNull(),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    remind_at: instant("remind_at").notNull(),
    /** scheduled -> sending (claimed by a cron run) -> sent | failed; cancelled by the customer. */
    status: text("status", { enum: ["scheduled", "sending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("scheduled"),
    claimed_at: instant("claimed_at"),
    sent_at: instant("sent_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("sms_reminders_uq").on(t.phone, t.service_id, t.remind_at),
    index("sms_reminders_due_idx").on(t.status, t.remind_at),
  ],
);
