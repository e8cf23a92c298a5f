import * as v from "valibot";
import { MAX_CENTS, multiLine, singleLine } from "./bounds";
import { cleanCustomerNotes, CUSTOMER_NOTES_MAX } from "../../domain/customer-notes";

/**
 * Payloads of checkout, payment links, gift cards, membership, SMS reminders and job acceptance
 * (docs/api-checkout.md). Shape checks only; the rules with their catalogue codes (email, partial address,
 * phone, amounts) run in the handler, the same domain/ rules the web forms use.
 */

/** Text fields are one line (schema/payloads/bounds.ts); the gift message may have several. */
const trimmed = singleLine;

const Flag = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist([0, 1]), v.picklist(["0", "1", "true", "false"])], "Expected true or false."),
      v.transform((x) => x === true || x === 1 || x === "1" || x === "true"),
    ),
    fallback,
  );

/** A positive id (numbers; digit strings too). */
export const Id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/), v.transform(Number))], "Expected an id."),
  v.number(),
  v.integer("Expected an id."),
  v.minValue(1, "Expected an id."),
  v.maxValue(2 ** 31 - 1, "Expected an id."),
);

/** A client-chosen key that makes a retried call answer the first result (8-100 characters). */
export const IdempotencyKey = v.pipe(
  v.string("Send an idempotency key."),
  v.trim(),
  v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, "Use 8-100 letters, digits, '-', '_', '.' or ':'."),
);

/** A provider object id (pi_..., pm_..., or a local adapter's id). */
const ProviderId = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_]{3,255}$/, "Expected a payment id."));

/** Cents as an integer (the API's money unit). */
const Cents = v.pipe(
  v.number("Expected an amount in cents."),
  v.integer("Expected whole cents."),
  v.minValue(1),
  v.maxValue(MAX_CENTS, "That amount is too large."),
);

// ------------------------------------------------------------------------------------------ checkout

export const SummaryBody = v.optional(v.object({ use_credit: Flag(true) }), { use_credit: true });

export const ChargeBody = v.object({
  email: trimmed(254),
  phone: trimmed(32),
  address: v.pipe(trimmed(300), v.minLength(1, "Enter the service address.")),
  /** Notes for the pro (access, parking, pets), cleaned by domain/customer-notes.ts ("" when empty); optional. */
  notes: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(CUSTOMER_NOTES_MAX * 4, `Keep notes under ${CUSTOMER_NOTES_MAX} characters.`),
        v.transform((text: string) => cleanCustomerNotes(text) ?? ""),
        v.maxLength(CUSTOMER_NOTES_MAX, `Keep notes under ${CUSTOMER_NOTES_MAX} characters.`),
      ),
    ),
  ),
  /** Pay part with the account's credit (default yes). */
  use_credit: Flag(true),
  /** A saved card to charge now (the server confirms); without it the browser confirms the intent. */
  payment_method_id: v.optional(v.nullable(ProviderId)),
  /** Save the card the browser enters for later (signed-in users; docs/product.md "isSavePaymentMethod"). */
  isSavePaymentMethod: Flag(false),
  /** The attempt's key: a retried click confirms the saved card once. */
  idempotencyKey: IdempotencyKey,
});
export type ChargeBody = v.InferOutput<typeof ChargeBody>;

export const ChargeConfirmBody = v.object({ payment_intent_id: ProviderId });

export const CompleteOrderBody = v.object({
  idempotencyKey: IdempotencyKey,
  /** The draft (charge-stripe's order_id) or its intent; not needed when the key was used before. */
  order_id: v.optional(v.nullable(Id)),
  payment_intent_id: v.optional(v.nullable(ProviderId)),
});

// ----------------------------------------------------------------------------------- payment links

export const RequestCustomerPaymentBody = v.object({
  client_phone: trimmed(32),
  client_name: v.optional(v.nullable(trimmed(80))),
  amount_cents: Cents,
  description: v.pipe(trimmed(200), v.minLength(2, "Say what the payment is for.")),
  service_order_id: v.optional(v.nullable(Id)),
  idempotencyKey: IdempotencyKey,
});

/** The link's token (`vpid` in the texted URL). */
export const VpidBody = v.object({
  vpid: v.pipe(
    v.string("Open the link from your text message."),
    v.trim(),
    v.regex(/^[A-Za-z0-9_-]{20,100}$/, "This link is not valid."),
  ),
});

// -------------------------------------------------------------------------------------- gift cards

export const GiftPurchaseBody = v.object({
  amount_cents: Cents,
  recipient_name: v.pipe(trimmed(80), v.minLength(1, "Enter the recipient's name.")),
  recipient_email: v.optional(v.nullable(trimmed(254))),
  recipient_phone: v.optional(v.nullable(trimmed(32))),
  message: v.optional(v.nullable(multiLine(300))),
  /** The delivery day, "YYYY-MM-DD" in the buyer's `time_zone` (IANA); absent: today, at once. */
  deliver_on: v.optional(v.nullable(trimmed(10))),
  time_zone: v.optional(v.nullable(trimmed(64))),
  payment_method_id: v.optional(v.nullable(ProviderId)),
  idempotencyKey: IdempotencyKey,
});

export const GiftConfirmBody = v.object({ payment_intent_id: ProviderId });

export const RedeemBody = v.object({ code: v.pipe(v.string("Enter the gift card code."), v.trim(), v.maxLength(40)) });

// ------------------------------------------------------------------------------------- membership

export const SubscribeBody = v.optional(v.object({ payment_method_id: v.optional(v.nullable(ProviderId)) }), {});

// ------------------------------------------------------------------------------------ SMS reminder

export const ReminderBody = v.object({
  phone_number: trimmed(32),
  /** "YYYY-MM-DD" (sent at 10:00) or "YYYY-MM-DD HH:MM", local to the service address; or ISO-8601 with a zone. */
  date: trimmed(40),
  service_id: Id,
  /** The bot-protection token of the form. */
  token: v.pipe(v.string("Missing token."), v.trim(), v.minLength(1, "Missing token."), v.maxLength(4096)),
  /** The ZIP the date is local to (defaults to the signed-in user's ZIP). */
  zipCode: v.optional(
    v.nullable(v.union([trimmed(10), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999))])),
  ),
});

// ---------------------------------------------------------------------------------------- vendors

export const AcceptJobBody = v.object({ service_order_id: Id });

/** POST /checkout/reschedule and /checkout/reschedule-complete (docs/decisions/067): the customer's request. */
export const RescheduleCheckoutBody = v.object({ request_id: Id });
