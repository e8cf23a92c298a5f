import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { Context } from "hono";
import { BRAND_NAME } from "../../domain/brand";
import { bpsOf, paymentLinkState } from "../../domain/checkout-rules";
import { formatCents } from "../../domain/money";
import { PRICING } from "../../domain/pricing-config";
import { paymentRequests } from "../../schema/tables/payments";
import { vendors } from "../../schema/tables/vendors";
import type { PaymentIntent, PaymentsPort } from "../adapters/payments/port";
import { sha256Hex } from "../auth/crypto";
import { vendorPhoto } from "../catalogue/queries";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { textSafely, vendorPhones } from "./notify";
import { cardRefusal, intentView, paymentsFailure } from "./payments";

/**
 * A vendor's payment link (`/?vpid=<token>`, docs/decisions/032-checkout-and-job-offers.md): found by the
 * SHA-256 of its token, paid once. Paying it records the vendor's earning line (`payreq:<id>`, unique).
 */

export type LinkRow = typeof paymentRequests.$inferSelect;

export async function linkByToken(db: DrizzleD1Database, vpid: string): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.token_hash, await sha256Hex(vpid)))
    .limit(1);
  return row ?? null;
}

/** The link, or ERROR_CUSTOMER_PAY ("We're sorry, this link is expired.") for an unknown, expired or cancelled one. */
export async function usableLink(db: DrizzleD1Database, vpid: string, now: number): Promise<LinkRow> {
  const link = await linkByToken(db, vpid);
  if (!link) fail("ERROR_CUSTOMER_PAY");
  const state = paymentLinkState(link, now);
  if (state === "expired" || state === "cancelled") fail("ERROR_CUSTOMER_PAY");
  return link;
}

export async function linkView(db: DrizzleD1Database, link: LinkRow, now: number) {
  const [vendor] = await db
    .select({ display_name: vendors.display_name, photo: vendors.photo, photo_status: vendors.photo_status })
    .from(vendors)
    .where(eq(vendors.vendor_id, link.vendor_id))
    .limit(1);
  return {
    payment_request_id: link.payment_request_id,
    status: paymentLinkState(link, now),
    money_amount: link.amount_cents,
    amount_cents: link.amount_cents,
    payment_description: link.description,
    client_name: link.client_name,
    service_order_id: link.service_order_id,
    expires_at: new Date(link.expires_at).toISOString(),
    paid_at: link.paid_at === null ? null : new Date(link.paid_at).toISOString(),
    vendor_id: link.vendor_id,
    name: vendor?.display_name ?? null,
    photo: vendor ? vendorPhoto(vendor.photo, vendor.photo_status) : null,
  };
}

/**
 * Marks the link paid once its intent succeeded (the first call wins), with the vendor's earning line and a
 * text to the vendor. Answers the link, or what the payment still needs.
 */
export async function confirmLinkPayment(c: Context<AppEnv>, port: PaymentsPort, linkId: number) {
  const db = c.get("db");
  const now = c.get("now");
  const [link] = await db.select().from(paymentRequests).where(eq(paymentRequests.payment_request_id, linkId)).limit(1);
  if (!link || !link.payment_intent_id) fail("NOT_FOUND", { payment_intent_id: "We couldn't find this payment." });
  let pi: PaymentIntent;
  try {
    pi = await port.retrieveIntent(link.payment_intent_id);
  } catch (err) {
    paymentsFailure(err);
  }
  if (pi.status !== "succeeded") {
    if (pi.status === "requires_payment_method" && pi.last_error) throw cardRefusal(pi);
    return c.json({ data: { status: pi.status, payment_intent: intentView(pi) } }, 202);
  }
  const d1 = c.env.DB;
  const ref = `payreq:${link.payment_request_id}`;
  const [paid] = await d1.batch([
    d1
      .prepare(
        "UPDATE payment_requests SET status = 'paid', paid_at = ?1, updated_at = ?1 WHERE payment_request_id = ?2 AND status = 'open' RETURNING payment_request_id",
      )
      .bind(now, link.payment_request_id),
    d1
      .prepare(
        `INSERT OR IGNORE INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
         SELECT vendor_id, service_order_id, 'add_charge', ?1, ?2, ?3 FROM payment_requests WHERE payment_request_id = ?4 AND status = 'paid'`,
      )
      .bind(bpsOf(link.amount_cents, PRICING.vendorShareBps), ref, now, link.payment_request_id),
  ]);
  if (paid!.results.length > 0) {
    const phone = (await vendorPhones(db, [link.vendor_id])).get(link.vendor_id);
    if (phone) {
      const who = link.client_name ?? "Your client";
      await textSafely(
        c.env,
        db,
        phone,
        `${BRAND_NAME}: ${who} paid ${formatCents(link.amount_cents)} for "${link.description}".`,
        now,
      );
    }
  }
  const [fresh] = await db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.payment_request_id, linkId))
    .limit(1);
  return c.json({ data: { status: "succeeded", payment: await linkView(db, fresh!, now) } });
}
