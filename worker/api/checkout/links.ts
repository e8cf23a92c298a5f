import { Hono } from "hono";
import { paymentLinkAmountAllowed } from "../../../domain/checkout-rules";
import { normalizeUsPhone } from "../../../domain/phone";
import { RequestCustomerPaymentBody, VpidBody } from "../../../schema/payloads/checkout";
import { linkCharge, linkSchedule, requestPaymentLink } from "../../checkout/link-requests";
import { linkView, usableLink } from "../../checkout/payment-links";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireVendor, viewerOf } from "../../middleware/roles";

/**
 * Payment links (docs/product.md section 7 "Checkout": requestCustomerPayment, getCustomerPayment,
 * getCustomerSchedule, getCustomerCharge; section 2 "vpid"). A vendor asks a client for a payment; the
 * client gets a text with `/?vpid=<token>` and pays without an account. Mounted at /checkout. The
 * confirmation is POST /checkout/charge-confirm with the intent's id. The work is in
 * worker/checkout/link-requests.ts and payment-links.ts.
 */
export const paymentLinksApi = new Hono<AppEnv>()
  /** A vendor requests a payment from a client: the link is texted to the client. Idempotent by key. */
  .post("/requestCustomerPayment", requireVendor, validate("json", RequestCustomerPaymentBody), async (c) => {
    const body = c.req.valid("json");
    const viewer = viewerOf(c);
    const phone = normalizeUsPhone(body.client_phone);
    if (!phone) fail("PHONE_NOT_VALID", { client_phone: "Enter the client's US phone number." });
    if (!paymentLinkAmountAllowed(body.amount_cents)) {
      fail("INVALID_INPUT", { amount_cents: "Request between $0.50 and $2,000.00." });
    }
    const { link, created } = await requestPaymentLink(c.env, c.get("db"), {
      vendorId: viewer.vendor_id!,
      phone,
      body,
      now: c.get("now"),
      origin: new URL(c.req.url).origin,
    });
    return created ? c.json({ data: link }, 201) : c.json({ data: link });
  })

  /** The link's details for the pay page; an unknown, expired or cancelled link: ERROR_CUSTOMER_PAY. */
  .post("/getCustomerPayment", validate("json", VpidBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const link = await usableLink(db, body.vpid, now);
    return c.json({ data: await linkView(db, link, now) });
  })

  /**
   * The schedule the link is about: its job, or else the client's upcoming jobs with that vendor
   * (times in the service address's zone).
   */
  .post("/getCustomerSchedule", validate("json", VpidBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await linkSchedule(c.get("db"), body.vpid, c.get("now")) });
  })

  /**
   * The PaymentIntent for the link's amount. It is the secure-pay flow's intent (worker/orders/pay-links.ts,
   * `pay:payment_request:<id>:<total>`), so the pay page's secure-pay call and this one answer the same
   * intent and a link cannot be charged twice through the two paths. The browser confirms it; then
   * POST /checkout/charge-confirm (or /pay/secure/confirm) closes the link.
   */
  .post("/getCustomerCharge", validate("json", VpidBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await linkCharge(c.env, c.get("db"), body.vpid, c.get("now")) });
  });
