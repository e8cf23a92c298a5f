import { bpsOf } from "../../domain/checkout-rules";
import { messageFor } from "../../domain/messages";
import { centsToDecimal } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { createPayLink, TIP_LINK_TTL_MS } from "../orders/pay-links";
import { customerPhoneOf, firstNameOf, vendorJob } from "../jobs/vendor-job";
import { fulfilRedemption } from "./settle";

/**
 * Paying for a redemption product (docs/decisions/077-redemption-payment.md). The product is sold at a visit, so
 * the visit's customer pays: their saved default card is charged off-session (key `redemption:<id>:charge`, the
 * redemption row being claimed first, once per the pro's key); when the card needs the customer (3-D Secure), is
 * declined, or there is none, they are texted a payment link for the job, as for an added charge. The
 * redemption stays "requested" until paid, then becomes "fulfilled" and the pro's share a pay line
 * (`redemption:<id>`), once, whichever way it was paid.
 */

export type RedemptionRow = {
  redemption_id: number;
  vendor_id: number;
  product_id: number;
  cost_cents: number;
  vendor_cents: number;
  status: "requested" | "fulfilled" | "cancelled";
  service_order_id: number | null;
  client_name: string | null;
  payment_intent_id: string | null;
  pay_link_id: number | null;
  created_at: number;
};

export type RedeemOutcome = { row: RedemptionRow; replayed: boolean; pay_url?: string };

const PAYABLE = [
  ServiceOrderStatus.SCHEDULED,
  ServiceOrderStatus.IN_PROGRESS,
  ServiceOrderStatus.COMPLETED,
] as number[];

async function byKey(d1: D1Database, key: string) {
  return d1.prepare("SELECT * FROM redemptions WHERE idempotency_key = ?").bind(key).first<RedemptionRow>();
}

export async function redeemProduct(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  vendor: { vendorId: number; userId: number; name: string },
  input: { product_id: number; service_order_id: number; client_name?: string; idempotencyKey: string },
  origin: string,
  now: number,
): Promise<RedeemOutcome> {
  const d1 = env.DB;
  const key = `v${vendor.vendorId}:${input.idempotencyKey}`;
  const earlier = await byKey(d1, key);
  if (earlier) return { row: earlier, replayed: true };
  const product = await d1
    .prepare("SELECT name, cost_cents, vendor_share_bps FROM redemption_products WHERE product_id = ? AND enable = 1")
    .bind(input.product_id)
    .first<{ name: string; cost_cents: number; vendor_share_bps: number }>();
  if (!product) fail("REDEMPTION_PRODUCT_UNAVAILABLE");
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  if (!PAYABLE.includes(job.service_order_status_id)) fail("JOB_ACTION_NOT_ALLOWED");

  // The claim: one row per key, whoever wins the race; everyone else answers it.
  const claimed = await d1
    .prepare(
      `INSERT INTO redemptions (vendor_id, product_id, quantity, cost_cents, status, service_order_id, client_name, vendor_cents,
         idempotency_key, created_at)
       VALUES (?1, ?2, 1, ?3, 'requested', ?4, ?5, ?6, ?7, ?8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING *`,
    )
    .bind(
      vendor.vendorId,
      input.product_id,
      product.cost_cents,
      job.service_order_id,
      input.client_name ?? job.customer_name,
      bpsOf(product.cost_cents, product.vendor_share_bps),
      key,
      now,
    )
    .first<RedemptionRow>();
  if (!claimed) return { row: (await byKey(d1, key))!, replayed: true };

  const id = claimed.redemption_id;
  const label = `${product.name} from ${vendor.name}`;
  const phone = customerPhoneOf(job);
  const customer = await d1
    .prepare("SELECT provider_customer_id AS id FROM payment_customers WHERE user_id = ?")
    .bind(job.user_id)
    .first<{ id: string }>();
  let intentId: string | null = null;
  if (customer) {
    const methods = await port()
      .listPaymentMethods(customer.id)
      .catch(() => []);
    const method = methods.find((m) => m.is_default) ?? methods[0];
    if (method) {
      const intent = await port()
        .createIntent({
          amount_cents: product.cost_cents,
          customer_id: customer.id,
          payment_method_id: method.id,
          confirm: true,
          off_session: true,
          description: label,
          metadata: {
            purpose: "add_charge",
            ref: `redemption:${id}`,
            service_order_id: String(job.service_order_id),
          },
          idempotency_key: `redemption:${id}:charge`,
        })
        .catch((err) => {
          if (err instanceof PaymentsError) return null;
          throw err;
        });
      intentId = intent?.id ?? null;
      if (intent?.status === "succeeded") {
        await fulfilRedemption(d1, id, intent.id, now);
        if (phone) {
          await sendSms(env, db, {
            to: phone,
            body: `Receipt: $${centsToDecimal(product.cost_cents)} for ${label}, charged to your ${method.card.brand} ending ${method.card.last4}.`,
            now,
          }).catch(() => false);
        }
        return { row: (await byKey(d1, key))!, replayed: false };
      }
    }
  }
  // 3-D Secure, declined, or no saved card: the customer pays through a link for the job.
  const { token, pay_link_id } = await createPayLink(
    db,
    {
      kind: "charge",
      service_order_id: job.service_order_id,
      vendor_id: vendor.vendorId,
      amount_cents: product.cost_cents,
      description: label,
      created_by_user_id: vendor.userId,
      expires_at: now + TIP_LINK_TTL_MS,
    },
    now,
  );
  const url = new URL("/", origin);
  url.searchParams.set("cpid", token);
  url.searchParams.set("vid", String(vendor.vendorId));
  const texted = phone
    ? await sendSms(env, db, {
        to: phone,
        body: `Hi ${firstNameOf(job.customer_name)}, please pay $${centsToDecimal(product.cost_cents)} for ${label}: ${url.toString()}`,
        now,
      }).catch(() => false)
    : false;
  if (!texted) {
    await d1
      .prepare(
        "UPDATE redemptions SET status = 'cancelled', cancelled_at = ?2, payment_intent_id = ?3, pay_link_id = ?4 WHERE redemption_id = ?1",
      )
      .bind(id, now, intentId, pay_link_id)
      .run();
    fail("CHARGE_ERROR");
  }
  await d1
    .prepare("UPDATE redemptions SET pay_link_id = ?2, payment_intent_id = ?3 WHERE redemption_id = ?1")
    .bind(id, pay_link_id, intentId)
    .run();
  return { row: (await byKey(d1, key))!, replayed: false, pay_url: url.toString() };
}

export function redemptionMessage(row: RedemptionRow): string {
  return row.status === "fulfilled" ? messageFor("REDEMPTION_SUCCESS") : messageFor("ADD_CHARGE_LINK_SENT");
}
