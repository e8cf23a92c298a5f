import type { DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS, iso } from "../../domain/calendar/time";
import { bpsOf } from "../../domain/checkout-rules";
import { centsToDecimal } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { formatWhen } from "../../domain/slot-format";
import { sendEmail } from "../adapters/email";
import { newAuditedAction, runAudited } from "../admin/audit";
import { randomToken, sha256Hex } from "../auth/crypto";
import { textSafely } from "../checkout/notify";
import { fail } from "../http/errors";

/**
 * The invoice of a scheduled business request (docs/decisions/087-connect-jobs-and-payment.md): connect
 * staff set what the business pays (cents, within limits of the list price) and send a secure-pay link
 * (`/?cpid=<token>&vid=<pro>`, worker/orders/pay-links.ts) by text and email; the business pays it by card on
 * the pay page (optionally with a tip for the pro, up to $500). One audited batch: the price on the request,
 * the job and its order, the previous open invoice link revoked, the new link, and the audit row.
 */

/** An invoice link stays open 30 days. */
export const CONNECT_INVOICE_TTL_MS = 30 * DAY_MS;
/** Absolute bounds of an invoice, and its bounds relative to the list price (sessions x the service's price). */
export const CONNECT_INVOICE_MIN_CENTS = 1_000;
export const CONNECT_INVOICE_MAX_CENTS = 2_000_000;

export function invoiceLimits(listCents: number): { min: number; max: number } {
  return {
    min: Math.max(CONNECT_INVOICE_MIN_CENTS, Math.ceil(listCents / 2)),
    max: Math.min(CONNECT_INVOICE_MAX_CENTS, listCents * 3),
  };
}

interface InvoiceRow {
  connect_request_id: number;
  status: string;
  vendor_id: number | null;
  service_order_id: number | null;
  sessions: number | null;
  price_cents: number | null;
  pay_link_id: number | null;
  business_name: string;
  phone: string;
  email: string;
  base_price_cents: number;
  duration_minutes: number;
  service: string;
  job_status: number | null;
  job_price_cents: number | null;
  /** The job's pro now (staff may have moved the job to another pro since it was scheduled). */
  job_vendor_id: number | null;
  starts_at: number;
  time_zone: string;
  paid_links: number;
  link_status: string | null;
  link_amount_cents: number | null;
  link_created_at: number | null;
  link_expires_at: number | null;
}

export interface InvoiceSent {
  connect_request_id: number;
  pay_link_id: number;
  amount_cents: number;
  /** The link (shown once, when it is made); null when the same invoice was just sent. */
  url: string | null;
  expires_at: string;
  texted: boolean;
  emailed: boolean;
  already_sent: boolean;
}

/** The same amount again within this time is the same invoice (a double click), unless `resend` is asked. */
export const CONNECT_INVOICE_DEDUP_MS = 10 * 60_000;

export async function sendConnectInvoice(
  env: Env,
  db: DrizzleD1Database,
  actorUserId: number,
  input: { id: number; amount_cents: number; reason: string | null; resend?: boolean },
  origin: string,
  now: number,
): Promise<InvoiceSent> {
  const d1 = env.DB;
  const r = await d1
    .prepare(
      `SELECT r.connect_request_id, r.status, r.vendor_id, r.service_order_id, r.sessions, r.price_cents, r.pay_link_id,
              r.business_name, r.phone, r.email, r.starts_at, r.time_zone, s.base_price_cents, s.duration_minutes,
              s.description AS service, so.service_order_status_id AS job_status, so.price_cents AS job_price_cents,
              so.vendor_id AS job_vendor_id,
              (SELECT count(*) FROM pay_links p WHERE p.pay_link_id = r.pay_link_id AND p.status = 'paid') AS paid_links,
              pl.status AS link_status, pl.amount_cents AS link_amount_cents, pl.created_at AS link_created_at,
              pl.expires_at AS link_expires_at
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       LEFT JOIN service_orders so ON so.service_order_id = r.service_order_id
       LEFT JOIN pay_links pl ON pl.pay_link_id = r.pay_link_id
       WHERE r.connect_request_id = ?`,
    )
    .bind(input.id)
    .first<InvoiceRow>();
  if (!r) return fail("NOT_FOUND");
  // Only a scheduled request whose job is still on (or done), and not paid yet, is invoiced.
  if (r.status !== "scheduled" || r.service_order_id === null || r.job_vendor_id === null || r.paid_links > 0) {
    fail("STAFF_ACTION_NOT_ALLOWED");
  }
  const jobOn =
    r.job_status === ServiceOrderStatus.SCHEDULED ||
    r.job_status === ServiceOrderStatus.IN_PROGRESS ||
    r.job_status === ServiceOrderStatus.COMPLETED;
  if (!jobOn) fail("STAFF_ACTION_NOT_ALLOWED");
  const { min, max } = invoiceLimits(r.base_price_cents * (r.sessions ?? 1));
  if (input.amount_cents < min || input.amount_cents > max) {
    fail("STAFF_CHARGE_OUT_OF_LIMITS", {
      amount_cents: `Between $${centsToDecimal(min)} and $${centsToDecimal(max)} for this booking.`,
    });
  }
  // A completed job's pay is already earned on its price: after completion the invoice keeps that price.
  if (r.job_status === ServiceOrderStatus.COMPLETED && input.amount_cents !== r.job_price_cents) {
    fail("STAFF_ACTION_NOT_ALLOWED", { amount_cents: "The job is completed: invoice its price." });
  }
  if (
    !input.resend &&
    r.link_status === "open" &&
    r.link_amount_cents === input.amount_cents &&
    (r.link_created_at ?? 0) > now - CONNECT_INVOICE_DEDUP_MS
  ) {
    return {
      connect_request_id: input.id,
      pay_link_id: r.pay_link_id!,
      amount_cents: input.amount_cents,
      url: null,
      expires_at: iso(r.link_expires_at ?? now),
      texted: false,
      emailed: false,
      already_sent: true,
    };
  }
  const token = randomToken(32);
  const tokenHash = await sha256Hex(token);
  const expiresAt = now + CONNECT_INVOICE_TTL_MS;
  const soid = r.service_order_id!;
  const description = `${r.service} for ${r.business_name}, ${formatWhen(r.starts_at, r.time_zone)}`;
  const op = newAuditedAction();
  const { done } = await runAudited(
    d1,
    op,
    // The request exactly as staff saw it (scheduled, same link), and nothing paid on it.
    d1
      .prepare(
        `UPDATE connect_requests SET price_cents = ?2, updated_at = ?3
         WHERE connect_request_id = ?1 AND status = 'scheduled' AND service_order_id = ?4 AND pay_link_id IS ?5
           AND NOT EXISTS (SELECT 1 FROM pay_links WHERE pay_link_id IS ?5 AND status = 'paid')`,
      )
      .bind(input.id, input.amount_cents, now, soid, r.pay_link_id),
    {
      actorUserId,
      action: "connect_request.invoice",
      targetType: "connect_request",
      targetId: input.id,
      reason: input.reason,
      before: { price_cents: r.price_cents, pay_link_id: r.pay_link_id },
      after: { price_cents: input.amount_cents, expires_at: iso(expiresAt) },
      now,
    },
    [
      d1
        .prepare(`UPDATE pay_links SET status = 'revoked' WHERE pay_link_id IS ?1 AND status = 'open' AND ${op.guard}`)
        .bind(r.pay_link_id),
      d1
        .prepare(
          `INSERT INTO pay_links (token_hash, kind, service_order_id, vendor_id, amount_cents, description, created_by_user_id,
             status, expires_at, created_at)
           SELECT ?1, 'charge', ?2, ?3, ?4, ?5, ?6, 'open', ?7, ?8 WHERE ${op.guard}`,
        )
        .bind(tokenHash, soid, r.job_vendor_id, input.amount_cents, description, actorUserId, expiresAt, now),
      d1
        .prepare(
          `UPDATE connect_requests SET pay_link_id = (SELECT pay_link_id FROM pay_links WHERE token_hash = ?2)
           WHERE connect_request_id = ?1 AND ${op.guard}`,
        )
        .bind(input.id, tokenHash),
      d1
        .prepare(
          `UPDATE service_orders SET price_cents = ?2, vendor_payout_cents = ?3, updated_at = ?4
           WHERE service_order_id = ?1 AND service_order_status_id <> ${ServiceOrderStatus.COMPLETED} AND ${op.guard}`,
        )
        .bind(soid, input.amount_cents, bpsOf(input.amount_cents, PRICING.vendorShareBps), now),
      d1
        .prepare(
          `UPDATE orders SET subtotal_cents = ?2, total_cents = ?2, updated_at = ?3
           WHERE order_id = (SELECT order_id FROM service_orders WHERE service_order_id = ?1) AND ${op.guard}`,
        )
        .bind(soid, input.amount_cents, now),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  const link = await d1
    .prepare("SELECT pay_link_id FROM pay_links WHERE token_hash = ?")
    .bind(tokenHash)
    .first<{ pay_link_id: number }>();
  const url = new URL("/", origin);
  url.searchParams.set("cpid", token);
  url.searchParams.set("vid", String(r.job_vendor_id));
  const amount = `$${centsToDecimal(input.amount_cents)}`;
  const texted = await textSafely(
    env,
    db,
    r.phone,
    `${r.business_name}: your invoice of ${amount} for ${description} is ready. Pay by card: ${url.toString()}`,
    now,
  );
  const emailed = await sendEmail(env, db, {
    to: r.email,
    subject: `Your invoice: ${amount} for ${r.service}`,
    text:
      `Hello ${r.business_name},\n\nThank you for booking ${description}.\n` +
      `Amount due: ${amount}. Pay securely by card: ${url.toString()}\n\nThe link is open until ${formatWhen(expiresAt, r.time_zone)}.`,
    now,
  }).catch(() => false);
  // Which ports reached the business: the unpaid-invoice reminders go the same way (worker/connect/sweep.ts).
  await d1
    .prepare(
      `INSERT INTO connect_invoice_messages (pay_link_id, n, connect_request_id, texted, emailed, sent_at)
       VALUES (?1, 0, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING`,
    )
    .bind(link!.pay_link_id, input.id, texted ? 1 : 0, emailed ? 1 : 0, now)
    .run();
  return {
    connect_request_id: input.id,
    pay_link_id: link!.pay_link_id,
    amount_cents: input.amount_cents,
    url: url.toString(),
    expires_at: iso(expiresAt),
    texted,
    emailed,
    already_sent: false,
  };
}
