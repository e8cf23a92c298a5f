import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { paymentLinkState } from "../../domain/checkout-rules";
import { paymentRequests } from "../../schema/tables/payments";
import { vendors } from "../../schema/tables/vendors";
import { sha256Hex } from "../auth/crypto";
import { vendorPhoto } from "../catalogue/queries";
import { fail } from "../http/errors";

/**
 * A vendor's payment link (`/?vpid=<token>`, docs/decisions/032-checkout-and-job-offers.md): found by the
 * SHA-256 of its token. It is charged and closed by the secure-pay flow (worker/orders/pay-links.ts), which
 * also writes the vendor's earning line (`payreq:<id>`, unique) once.
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
