import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { payLinks } from "./after-booking";
import { services } from "./catalogue";
import { cents, createdAt, instant } from "./columns";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * A business's request for services for several people at one address and time (/connect). Connect staff
 * (group 31) assign it to a pro (docs/decisions/095): new -> assigned (one pro) or offered (several, the first to
 * schedule wins), or cancelled; the pro schedules it as a
 * connect job on their calendar (assigned -> scheduled) and the business pays through a pay link
 * (docs/decisions/087).
 */
export const connectRequests = sqliteTable(
  "connect_requests",
  {
    connect_request_id: integer("connect_request_id").primaryKey({ autoIncrement: true }),
    business_name: text("business_name").notNull(),
    contact_name: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    zipcode: text("zipcode").notNull(),
    starts_at: instant("starts_at").notNull(),
    time_zone: text("time_zone").notNull(),
    people: integer("people").notNull(),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    notes: text("notes"),
    status: text("status", { enum: ["new", "assigned", "offered", "scheduled", "cancelled"] })
      .notNull()
      .default("new"),
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    requested_by_user_id: integer("requested_by_user_id").references(() => users.user_id),
    /** Back-to-back service blocks the pro booked (the job is sessions x the service's length). */
    sessions: integer("sessions"),
    /** The connect job made when the pro scheduled it. */
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    scheduled_at: instant("scheduled_at"),
    /** What the business is asked to pay (set at scheduling from the list price, changed by connect staff). */
    price_cents: cents("price_cents"),
    /** The latest pay link sent to the business (paid when its status is paid). */
    pay_link_id: integer("pay_link_id").references(() => payLinks.pay_link_id),
    /** When the current offer round to several pros ends (docs/decisions/113). */
    offer_expires_at: instant("offer_expires_at"),
    /** When an offer round ended with nobody taking it (the queue's flag; cleared by the next assign or offer). */
    offer_expired_at: instant("offer_expired_at"),
    /** Another time a pro who cannot make the requested one proposed, who and when (docs/decisions/123). */
    proposed_starts_at: instant("proposed_starts_at"),
    proposed_vendor_id: integer("proposed_vendor_id").references(() => vendors.vendor_id),
    proposed_at: instant("proposed_at"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("connect_requests_status_idx").on(t.status, t.starts_at),
    index("connect_requests_vendor_idx").on(t.vendor_id, t.starts_at),
    uniqueIndex("connect_requests_so_uq").on(t.service_order_id),
    index("connect_requests_offer_expiry_idx").on(t.status, t.offer_expires_at),
  ],
);

/**
 * A request offered to several pros (docs/decisions/089): offered -> won for the first to schedule, lost for the
 * rest, or expired when the round ends with nobody taking it (docs/decisions/113).
 */
export const connectRequestOffers = sqliteTable(
  "connect_request_offers",
  {
    connect_request_id: integer("connect_request_id")
      .notNull()
      .references(() => connectRequests.connect_request_id),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    status: text("status", { enum: ["offered", "won", "lost", "expired"] })
      .notNull()
      .default("offered"),
    offered_at: instant("offered_at").notNull(),
    responded_at: instant("responded_at"),
  },
  (t) => [
    primaryKey({ columns: [t.connect_request_id, t.vendor_id] }),
    index("connect_request_offers_vendor_idx").on(t.vendor_id, t.status),
  ],
);

/**
 * Each message about a connect invoice link (docs/decisions/114): n = 0 is the invoice itself (which ports reached
 * the business), 1 and 2 the reminders the cron sends while it is unpaid; the key makes each go out once.
 */
export const connectInvoiceMessages = sqliteTable(
  "connect_invoice_messages",
  {
    pay_link_id: integer("pay_link_id")
      .notNull()
      .references(() => payLinks.pay_link_id),
    n: integer("n").notNull(),
    connect_request_id: integer("connect_request_id")
      .notNull()
      .references(() => connectRequests.connect_request_id),
    texted: integer("texted", { mode: "boolean" }),
    emailed: integer("emailed", { mode: "boolean" }),
    sent_at: instant("sent_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pay_link_id, t.n] }),
    index("connect_invoice_messages_request_idx").on(t.connect_request_id, t.sent_at),
  ],
);
