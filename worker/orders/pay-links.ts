import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS, iso } from "../../domain/calendar/time";
import { bpsOf } from "../../domain/checkout-rules";
import { messageFor } from "../../domain/messages";
import { PRICING } from "../../domain/pricing-config";
import { centsToDecimal } from "../../domain/money";
import { dollarsToCents, linkTipMaxCents, securePayTotal, TIP_MAX_SECURE_PAY_CENTS } from "../../domain/tip-rules";
import type { SecurePayData } from "../../schema/payloads/orders";
import { payLinks } from "../../schema/tables/after-booking";
import { jobAdjustments } from "../../schema/tables/job-actions";
import { paymentRequests } from "../../schema/tables/payments";
import { vendors } from "../../schema/tables/vendors";
import { orFail } from "../adapters/payments";
import type { PaymentsPort } from "../adapters/payments/port";
import { randomToken, sha256Hex } from "../auth/crypto";
import { emailOrFail } from "../auth/accounts";
import { sendSms } from "../adapters/sms";
import { vendorPhoto } from "../catalogue/queries";
import { fail } from "../http/errors";
import { d1Batch } from "./d1-batch";
import { jobById } from "./jobs";
import { recordTip, tipCentsOrFail, tippableJob } from "./tips";
import { intentView, type IntentView } from "../checkout/payments";
import { settlePaidRedemptions } from "../redemptions/settle";
import { clientPaidNotice } from "../../domain/pro-notices";
import { notifyPro } from "../vendors/notify-pro";

/**
 * Secure pay (docs/product.md section 2 "/pay", section 3 "Secure-pay payload", section 5 "Secure-pay total"): a payer
 * without an account opens a link and pays a vendor. Two kinds of link, both random tokens of which only
 * the SHA-256 is stored, with an expiry:
 * - `?vpid=<token>`: a vendor's payment request (payment_requests, made by POST /checkout/requestCustomerPayment);
 * - `?cpid=<token>&vid=<vendor_id>`: a link for one job (pay_links): the customer's shareable tip link
 *   (POST /order/tip/url) or a charge on the job.
 * A link that is unknown, paid, revoked, expired or (for cpid) of another vendor answers ERROR_CUSTOMER_PAY
 * "We're sorry, this link is expired." alike, so a guess learns nothing.
 */

/** How long a shareable tip link stays open. */
export const TIP_LINK_TTL_MS = 7 * DAY_MS;

type Source = "payment_request" | "pay_link";

interface ResolvedLink {
  source: Source;
  id: number;
  kind: "request" | "tip" | "charge";
  vendor_id: number;
  service_order_id: number | null;
  amount_cents: number;
  description: string;
  expires_at: number;
  vendor_name: string;
  vendor_photo: string;
  /** 0 when no tip may be added; a tip link needs one. */
  tip_max_cents: number;
  tip_required: boolean;
}

const expired = () => fail("ERROR_CUSTOMER_PAY");

async function resolve(
  db: DrizzleD1Database,
  ref: { vpid: string } | { cpid: string; vid: number },
  now: number,
): Promise<ResolvedLink> {
  const vendorCols = { vendor_name: vendors.display_name, photo: vendors.photo, photo_status: vendors.photo_status };
  if ("vpid" in ref) {
    const [r] = await db
      .select({ request: paymentRequests, ...vendorCols })
      .from(paymentRequests)
      .innerJoin(vendors, eq(vendors.vendor_id, paymentRequests.vendor_id))
      .where(
        and(
          eq(paymentRequests.token_hash, await sha256Hex(ref.vpid)),
          eq(paymentRequests.status, "open"),
          gt(paymentRequests.expires_at, now),
        ),
      )
      .limit(1);
    if (!r) return expired();
    return {
      source: "payment_request",
      id: r.request.payment_request_id,
      kind: "request",
      vendor_id: r.request.vendor_id,
      service_order_id: r.request.service_order_id,
      amount_cents: r.request.amount_cents,
      description: r.request.description,
      expires_at: r.request.expires_at,
      vendor_name: r.vendor_name,
      vendor_photo: vendorPhoto(r.photo, r.photo_status),
      // A tip is kept against a job; a request without one takes no tip.
      tip_max_cents: linkTipMaxCents({ kind: "request", service_order_id: r.request.service_order_id }),
      tip_required: false,
    };
  }
  const [r] = await db
    .select({ link: payLinks, ...vendorCols })
    .from(payLinks)
    .innerJoin(vendors, eq(vendors.vendor_id, payLinks.vendor_id))
    .where(
      and(
        eq(payLinks.token_hash, await sha256Hex(ref.cpid)),
        eq(payLinks.vendor_id, ref.vid),
        eq(payLinks.status, "open"),
        gt(payLinks.expires_at, now),
      ),
    )
    .limit(1);
  if (!r) return expired();
  const tipLink = r.link.kind === "tip";
  return {
    source: "pay_link",
    id: r.link.pay_link_id,
    kind: r.link.kind,
    vendor_id: r.link.vendor_id,
    service_order_id: r.link.service_order_id,
    amount_cents: r.link.amount_cents,
    description: r.link.description,
    expires_at: r.link.expires_at,
    vendor_name: r.vendor_name,
    vendor_photo: vendorPhoto(r.photo, r.photo_status),
    // Both kinds of cpid link are secure pay: a secure-pay tip of up to $500 (docs/decisions/134).
    tip_max_cents: linkTipMaxCents(r.link),
    tip_required: tipLink,
  };
}

function data(link: ResolvedLink): SecurePayData {
  return {
    money_amount: centsToDecimal(link.amount_cents),
    money_amount_cents: link.amount_cents,
    connect_tip: link.tip_max_cents > 0 ? 1 : 0,
    tip_max_cents: link.tip_max_cents,
    payment_description: link.description,
    name: link.vendor_name,
    photo: link.vendor_photo,
    service_order_id: link.service_order_id,
    expires_at: iso(link.expires_at),
  };
}

/** GET /pay/link?vpid= and GET /pay/secure?cpid=&vid=: what the pay page shows. */
export async function payLinkData(
  db: DrizzleD1Database,
  ref: { vpid: string } | { cpid: string; vid: number },
  now: number,
): Promise<SecurePayData> {
  const link = await resolve(db, ref, now);
  const declinable =
    link.source === "pay_link" && link.kind === "charge" && (await addedChargeOf(db, link.id)) !== null;
  return { ...data(link), declinable: declinable ? 1 : 0 };
}

/** The pro's added charge waiting for the customer's approval on this link (docs/decisions/116), or null. */
async function addedChargeOf(db: DrizzleD1Database, payLinkId: number) {
  const [row] = await db
    .select({ adjustment_id: jobAdjustments.adjustment_id })
    .from(jobAdjustments)
    .where(
      and(
        eq(jobAdjustments.pay_link_id, payLinkId),
        eq(jobAdjustments.kind, "add_charge"),
        inArray(jobAdjustments.status, ["awaiting_approval", "link_sent"]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * POST /pay/secure/decline: the customer declines a pro's added charge sent to them for approval (docs/decisions/116).
 * The link closes (declined) and the charge is declined in one batch; the pro is texted once. Nothing was taken.
 * A link that is not an added charge waiting for approval answers ERROR_CUSTOMER_PAY like any other closed link. If
 * the customer had already paid it on another tab, their payment still settles the charge (confirmSecurePay).
 */
export async function declineAddedCharge(
  env: Env,
  db: DrizzleD1Database,
  ref: { cpid: string; vid: number },
  now: number,
): Promise<{ declined: true; message: string }> {
  const link = await resolve(db, ref, now);
  if (link.kind !== "charge" || !(await addedChargeOf(db, link.id))) return expired();
  const [, declined] = await d1Batch(env.DB, [
    sql`UPDATE pay_links SET status = 'declined' WHERE pay_link_id = ${link.id} AND status = 'open'`,
    sql`UPDATE job_adjustments SET status = 'declined', updated_at = ${now}
      WHERE pay_link_id = ${link.id} AND kind = 'add_charge' AND status IN ('awaiting_approval', 'link_sent')
        AND EXISTS (SELECT 1 FROM pay_links WHERE pay_link_id = ${link.id} AND status = 'declined')
      RETURNING adjustment_id, amount_cents, description, service_order_id`,
  ]);
  const row = (declined as Array<{ amount_cents: number; description: string; service_order_id: number }>)?.[0];
  if (row) {
    const job = await jobById(db, row.service_order_id);
    if (job?.vendor_phone) {
      await sendSms(env, db, {
        to: job.vendor_phone,
        body: `Your client declined the $${centsToDecimal(row.amount_cents)} charge for ${row.description} on job #${row.service_order_id}. Nothing was taken.`,
        now,
      }).catch(() => false);
    }
  }
  return { declined: true, message: messageFor("ADDED_CHARGE_DECLINED") };
}

/**
 * A cpid link for one job; the token is returned once (only its hash is kept). Used by the tip link and
 * by whoever charges a customer for a job.
 */
export async function createPayLink(
  db: DrizzleD1Database,
  input: {
    kind: "tip" | "charge";
    service_order_id: number;
    vendor_id: number;
    amount_cents: number;
    description: string;
    created_by_user_id: number | null;
    expires_at: number;
  },
  now: number,
): Promise<{ token: string; pay_link_id: number }> {
  const token = randomToken(32);
  const [row] = await db
    .insert(payLinks)
    .values({ ...input, token_hash: await sha256Hex(token), status: "open", created_at: now })
    .returning({ id: payLinks.pay_link_id });
  return { token, pay_link_id: row!.id };
}

/**
 * POST /order/tip/url: a shareable link to tip the vendor of the caller's completed job
 * (`<origin>/?cpid=<token>&vid=<vendor_id>`, open 7 days). A new link revokes the job's earlier open tip
 * links, since their tokens cannot be shown again.
 */
export async function createTipLink(
  db: DrizzleD1Database,
  userId: number,
  serviceOrderId: number,
  origin: string,
  now: number,
): Promise<{ url: string; expires_at: string; service_order_id: number; vendor_id: number }> {
  const job = await tippableJob(db, userId, serviceOrderId);
  const vendorId = job.vendor_id!;
  await db
    .update(payLinks)
    .set({ status: "revoked" })
    .where(
      and(eq(payLinks.service_order_id, job.service_order_id), eq(payLinks.kind, "tip"), eq(payLinks.status, "open")),
    );
  const expiresAt = now + TIP_LINK_TTL_MS;
  const { token } = await createPayLink(
    db,
    {
      kind: "tip",
      service_order_id: job.service_order_id,
      vendor_id: vendorId,
      amount_cents: 0,
      description: `A tip for ${job.vendor_name ?? "your professional"} for ${job.service_description}`,
      created_by_user_id: userId,
      expires_at: expiresAt,
    },
    now,
  );
  const url = new URL("/", origin);
  url.searchParams.set("cpid", token);
  url.searchParams.set("vid", String(vendorId));
  return {
    url: url.toString(),
    expires_at: iso(expiresAt),
    service_order_id: job.service_order_id,
    vendor_id: vendorId,
  };
}

export interface SecurePayIntentResult {
  payment_intent: IntentView;
  money_amount_cents: number;
  tip_cents: number;
  total_cents: number;
}

/**
 * POST /pay/secure/intent: an intent for the link's amount plus the tip (docs/product.md section 5 "Secure-pay
 * total"), rounded to cents by construction. charge_amount is the total the payer saw; another total means
 * the link changed under them (SELECTION_CHANGED with the current total). The key is the link and the total,
 * so a double click answers the same intent.
 */
export async function securePayIntent(
  db: DrizzleD1Database,
  port: PaymentsPort,
  input: {
    vpid?: string;
    cpid?: string;
    vid?: number;
    service_order_id?: number | null;
    charge_amount: unknown;
    tip?: unknown;
    email?: string | null;
  },
  now: number,
): Promise<SecurePayIntentResult> {
  const ref = input.vpid !== undefined ? { vpid: input.vpid } : { cpid: input.cpid!, vid: input.vid! };
  const link = await resolve(db, ref, now);
  if (input.service_order_id != null && input.service_order_id !== link.service_order_id) {
    fail("INVALID_INPUT", { service_order_id: "This link is for another service." });
  }
  const total = securePayTotal(link.amount_cents, input.tip, link.tip_max_cents || TIP_MAX_SECURE_PAY_CENTS);
  // A refused tip answers with the tip rules' code and message.
  if (!total.ok) tipCentsOrFail(input.tip, link.tip_max_cents, "tip");
  const { tip_cents: tipCents, total_cents: totalCents } = total.ok ? total : { tip_cents: 0, total_cents: 0 };
  if (tipCents > 0 && link.tip_max_cents === 0) fail("INVALID_INPUT", { tip: "This payment does not take a tip." });
  if (link.tip_required && tipCents === 0) fail("TIP_TOO_SMALL", { tip: messageFor("TIP_TOO_SMALL") });
  const charge = dollarsToCents(input.charge_amount);
  if (charge === null) fail("INVALID_INPUT", { charge_amount: "Send the total in dollars and cents." });
  if (charge !== totalCents) {
    fail("SELECTION_CHANGED", { charge_amount: `The total is $${centsToDecimal(totalCents)}. Please review it.` });
  }
  const email = input.email ? emailOrFail(input.email) : null;
  const metadata: Record<string, string> = {
    purpose: "secure_pay",
    ref: `${link.source}:${link.id}`,
    vendor_id: String(link.vendor_id),
    money_cents: String(link.amount_cents),
    tip_cents: String(tipCents),
  };
  if (link.service_order_id !== null) metadata.service_order_id = String(link.service_order_id);
  if (email) metadata.receipt_email = email;
  const intent = await orFail(
    port.createIntent({
      amount_cents: totalCents,
      customer_id: null,
      description: `${link.description} (${link.vendor_name})`,
      metadata,
      idempotency_key: `pay:${link.source}:${link.id}:${totalCents}`,
    }),
  );
  if (link.source === "pay_link") {
    await db.update(payLinks).set({ payment_intent_id: intent.id }).where(eq(payLinks.pay_link_id, link.id));
  } else {
    await db
      .update(paymentRequests)
      .set({ payment_intent_id: intent.id, updated_at: now })
      .where(and(eq(paymentRequests.payment_request_id, link.id), eq(paymentRequests.status, "open")));
  }
  return {
    payment_intent: intentView(intent),
    money_amount_cents: link.amount_cents,
    tip_cents: tipCents,
    total_cents: totalCents,
  };
}

export interface SecurePayConfirmation {
  paid: true;
  amount_cents: number;
  tip_cents: number;
  message: string;
}

/**
 * POST /pay/secure/confirm: once the card payment succeeded, closes the link (paid, with the intent) and
 * records the tip on the job once (recordTip). A payment that has not succeeded is CHARGE_ERROR with the
 * provider's message; an intent that is not a secure-pay intent is NOT_FOUND. Repeating it answers the same.
 * A link that expired while the payer paid is still closed: the money was taken.
 */
export async function confirmSecurePay(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  paymentIntentId: string,
  now: number,
): Promise<SecurePayConfirmation> {
  const intent = await orFail(port.retrieveIntent(paymentIntentId));
  const m = /^(payment_request|pay_link):(\d+)$/.exec(intent.metadata.ref ?? "");
  if (intent.metadata.purpose !== "secure_pay" || !m) {
    return fail("NOT_FOUND", { payment_intent_id: "We couldn't find this payment." });
  }
  if (intent.status !== "succeeded") {
    fail("CHARGE_ERROR", intent.last_error ? { card: intent.last_error.message } : undefined);
  }
  const id = Number(m[2]);
  if (m[1] === "pay_link") {
    // A pro's added charge that needed the customer (3-D Secure, declined, no card) was sent as this link: paying
    // it settles the adjustment and earns the pro their share under the same ref a direct charge uses
    // (`add-charge:<adjustment id>`, worker/jobs/money.ts), so the charge is earned once whichever way it was paid.
    const money = Number(intent.metadata.money_cents ?? 0);
    const paidByThis = sql`EXISTS (SELECT 1 FROM pay_links WHERE pay_link_id = ${id} AND kind = 'charge'
      AND status = 'paid' AND payment_intent_id = ${intent.id})`;
    await d1Batch(env.DB, [
      db
        .update(payLinks)
        // A customer who declined on one tab after paying on another did pay: the payment is their approval.
        .set({ status: "paid", paid_at: now, payment_intent_id: intent.id })
        .where(and(eq(payLinks.pay_link_id, id), inArray(payLinks.status, ["open", "declined"]))),
      sql`UPDATE job_adjustments SET status = 'succeeded', payment_intent_id = ${intent.id}, failure = NULL,
          updated_at = ${now}
        WHERE pay_link_id = ${id} AND kind = 'add_charge'
          AND status IN ('link_sent', 'awaiting_approval', 'declined', 'failed', 'pending') AND ${paidByThis}`,
      sql`INSERT OR IGNORE INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
        SELECT vendor_id, service_order_id, 'add_charge', ${bpsOf(money, PRICING.vendorShareBps)},
          'add-charge:' || adjustment_id, ${now}
        FROM job_adjustments WHERE pay_link_id = ${id} AND kind = 'add_charge' AND status = 'succeeded'
          AND payment_intent_id = ${intent.id} AND ${paidByThis}`,
    ]);
    // A redemption product paid through this link is now fulfilled (worker/redemptions/pay.ts).
    await settlePaidRedemptions(env.DB, { payLinkId: id }, now);
  } else {
    // The vendor's earning line is checkout's (`payreq:<id>`, worker/checkout/payment-links.ts), so a request
    // paid through either flow is earned once.
    const money = Number(intent.metadata.money_cents ?? 0);
    await d1Batch(env.DB, [
      db
        .update(paymentRequests)
        .set({ status: "paid", paid_at: now, payment_intent_id: intent.id, updated_at: now })
        .where(and(eq(paymentRequests.payment_request_id, id), eq(paymentRequests.status, "open"))),
      sql`INSERT OR IGNORE INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
        SELECT vendor_id, service_order_id, 'add_charge', ${bpsOf(money, PRICING.vendorShareBps)}, ${`payreq:${id}`}, ${now}
        FROM payment_requests WHERE payment_request_id = ${id} AND status = 'paid' AND payment_intent_id = ${intent.id}`,
    ]);
  }
  await tellProOfPayment(env, db, intent, m[1] === "pay_link" ? "pay_links" : "payment_requests", id, now);
  const tipCents = Number(intent.metadata.tip_cents ?? 0);
  const soid = Number(intent.metadata.service_order_id ?? 0);
  if (tipCents > 0 && soid > 0) {
    const job = await jobById(db, soid);
    if (job) {
      await recordTip(
        env,
        db,
        { payment_intent_id: intent.id, job, user_id: null, amount_cents: tipCents, source: "secure_pay" },
        now,
      );
    }
  }
  return { paid: true, amount_cents: intent.amount_cents, tip_cents: tipCents, message: messageFor("CHARGE_SUCCESS") };
}

/**
 * The pro reads on their dashboard (and by text) that a client paid: an added charge approved and paid through its
 * link, or a payment request (an invoice). Once per payment (keyed by the intent); a tip link, a staff charge
 * and a redemption's link tell nothing here (tips have their own text; the others are not the pro's asks). A failure is logged: the payment stands.
 */
async function tellProOfPayment(
  env: Env,
  db: DrizzleD1Database,
  intent: { id: string; metadata: Record<string, string | undefined> },
  table: "pay_links" | "payment_requests",
  id: number,
  now: number,
): Promise<void> {
  const row =
    table === "pay_links"
      ? await env.DB.prepare(
          `SELECT vendor_id, coalesce(description, '') AS description, kind FROM pay_links pl
           WHERE pay_link_id = ?1 AND status = 'paid'
             AND EXISTS (SELECT 1 FROM job_adjustments a WHERE a.pay_link_id = ?1 AND a.kind = 'add_charge')`,
        )
          .bind(id)
          .first<{ vendor_id: number; description: string; kind: string }>()
      : await env.DB.prepare(
          "SELECT vendor_id, description, 'request' AS kind FROM payment_requests WHERE payment_request_id = ? AND status = 'paid'",
        )
          .bind(id)
          .first<{ vendor_id: number; description: string; kind: string }>();
  if (!row || (row.kind !== "charge" && row.kind !== "request")) return;
  const notice = clientPaidNotice({
    kind: row.kind,
    amount: centsToDecimal(Number(intent.metadata.money_cents ?? 0)),
    what: row.description,
  });
  await notifyPro(env, db, { vendorId: row.vendor_id, key: `paid:${intent.id}`, ...notice, now }).catch((err) =>
    console.error(JSON.stringify({ at: "pay.notice.vendor", id: intent.id, error: String(err) })),
  );
}
