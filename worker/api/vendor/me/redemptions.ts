import { Hono } from "hono";
import * as v from "valibot";
import { bpsOf } from "../../../../domain/checkout-rules";
import { paymentsFromEnv } from "../../../adapters/payments";
import { fail } from "../../../http/errors";
import { redeemProduct, redemptionMessage, type RedemptionRow } from "../../../redemptions/pay";
import { settlePaidRedemptions } from "../../../redemptions/settle";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { NumberId, NumberPage } from "../../../../schema/payloads/bounds";

/**
 * Redemption products (docs/decisions/073-redemption-products.md): take-home products a pro hands a client
 * at a visit. Redeeming one records the sale once (its key), has the visit's customer pay for it
 * (worker/redemptions/pay.ts), and once paid puts the pro's share in their pay.
 * Mounted at /vendor/me.
 */

function vendorIdOf(c: Parameters<typeof viewerOf>[0]): number {
  const viewer = viewerOf(c);
  if (viewer.vendor_id == null) fail("FORBIDDEN");
  return viewer.vendor_id;
}

const RedeemBody = v.object({
  product_id: NumberId,
  /** The visit it is sold at: its customer pays for it. */
  service_order_id: NumberId,
  client_name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(2, "Enter the client's name."), v.maxLength(80))),
  idempotency_key: v.pipe(v.string(), v.minLength(8), v.maxLength(80)),
});

/** A product on sale, as listed to the pro (its price and the pro's share of it). */
type ProductRow = {
  product_id: number;
  name: string;
  description: string | null;
  price_cents: number;
  vendor_share_bps: number;
};

/** One of the pro's sales, newest first. */
type SaleRow = {
  redemption_id: number;
  client_name: string | null;
  price_cents: number;
  vendor_cents: number;
  service_order_id: number | null;
  status: RedemptionRow["status"];
  created_at: number;
  name: string;
};

export const redemptionApi = new Hono<AppEnv>()
  .use("/redemption-products", requireVendor)
  .use("/redeem-product", requireVendor)
  .use("/past-redemption", requireVendor)
  .get("/redemption-products", async (c) => {
    const rows = await c.env.DB.prepare(
      "SELECT product_id, name, description, cost_cents AS price_cents, vendor_share_bps FROM redemption_products WHERE enable = 1 ORDER BY display_order, name",
    ).all<ProductRow>();
    return c.json({
      data: rows.results.map((r) => ({
        ...r,
        vendor_cents: bpsOf(Number(r.price_cents), Number(r.vendor_share_bps)),
      })),
    });
  })
  .post("/redeem-product", validate("json", RedeemBody), async (c) => {
    const viewer = viewerOf(c);
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const db = c.get("db");
    const body = c.req.valid("json");
    const vendor = await c.env.DB.prepare("SELECT display_name FROM vendors WHERE vendor_id = ?")
      .bind(vendorId)
      .first<{ display_name: string | null }>();
    const out = await redeemProduct(
      c.env,
      db,
      () => paymentsFromEnv(c.env, db, now),
      { vendorId, userId: viewer.user_id, name: vendor?.display_name ?? viewer.name },
      {
        product_id: body.product_id,
        service_order_id: body.service_order_id,
        client_name: body.client_name,
        idempotencyKey: body.idempotency_key,
      },
      new URL(c.req.url).origin,
      now,
    );
    return c.json(
      {
        data: { ...out.row, ...(out.pay_url ? { pay_url: out.pay_url } : {}) },
        replayed: out.replayed,
        message: redemptionMessage(out.row),
      },
      out.replayed ? 200 : 201,
    );
  })
  .post("/past-redemption", validate("json", v.object({ page: NumberPage })), async (c) => {
    const vendorId = vendorIdOf(c);
    const body = c.req.valid("json");
    await settlePaidRedemptions(c.env.DB, { vendorId }, c.get("now"));
    const rows = await c.env.DB.prepare(
      `SELECT r.redemption_id, r.client_name, r.cost_cents AS price_cents, r.vendor_cents, r.service_order_id, r.status, r.created_at, p.name
       FROM redemptions r JOIN redemption_products p ON p.product_id = r.product_id
       WHERE r.vendor_id = ? ORDER BY r.created_at DESC, r.redemption_id DESC LIMIT 15 OFFSET ?`,
    )
      .bind(vendorId, (body.page - 1) * 15)
      .all<SaleRow>();
    return c.json({ data: rows.results, page: body.page, more: rows.results.length === 15 });
  });
