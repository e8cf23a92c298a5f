import { Hono } from "hono";
import * as v from "valibot";
import { bpsOf } from "../../domain/checkout-rules";
import { messageFor } from "../../domain/messages";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { jsonBody } from "../http/validate";
import { requireVendor, viewerOf } from "../middleware/roles";

/**
 * Redemption products (docs/decisions/073-redemption-products.md): take-home products a pro hands a client
 * at a visit. Redeeming one records the sale once (its key) and puts the pro's share in their pay.
 * Mounted at /vendor/me.
 */

function vendorIdOf(c: Parameters<typeof viewerOf>[0]): number {
  const viewer = viewerOf(c);
  if (viewer.vendor_id == null) fail("FORBIDDEN");
  return viewer.vendor_id;
}

const RedeemBody = v.object({
  product_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  client_name: v.pipe(v.string(), v.trim(), v.minLength(2, "Enter the client's name."), v.maxLength(80)),
  service_order_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  idempotency_key: v.pipe(v.string(), v.minLength(8), v.maxLength(80)),
});

export const redemptionApi = new Hono<AppEnv>()
  .use("/redemption-products", requireVendor)
  .use("/redeem-product", requireVendor)
  .use("/past-redemption", requireVendor)
  .get("/redemption-products", async (c) => {
    const rows = await c.env.DB.prepare(
      "SELECT product_id, name, description, cost_cents AS price_cents, vendor_share_bps FROM redemption_products WHERE enable = 1 ORDER BY display_order, name",
    ).all();
    return c.json({
      data: rows.results.map((r) => ({
        ...r,
        vendor_cents: bpsOf(Number(r.price_cents), Number(r.vendor_share_bps)),
      })),
    });
  })
  .post("/redeem-product", async (c) => {
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const body = await jsonBody(c, RedeemBody);
    const product = await c.env.DB.prepare("SELECT * FROM redemption_products WHERE product_id = ? AND enable = 1")
      .bind(body.product_id)
      .first<{ cost_cents: number; vendor_share_bps: number }>();
    if (!product) fail("REDEMPTION_PRODUCT_UNAVAILABLE");
    if (body.service_order_id) {
      const job = await c.env.DB.prepare("SELECT 1 FROM service_orders WHERE service_order_id = ? AND vendor_id = ?")
        .bind(body.service_order_id, vendorId)
        .first();
      if (!job) fail("NOT_FOUND");
    }
    const key = `v${vendorId}:${body.idempotency_key}`;
    const share = bpsOf(product.cost_cents, product.vendor_share_bps);
    const [inserted] = await c.env.DB.batch([
      c.env.DB.prepare(
        `INSERT INTO redemptions (vendor_id, product_id, quantity, cost_cents, status, service_order_id, client_name, vendor_cents,
           idempotency_key, created_at, fulfilled_at)
         VALUES (?1, ?2, 1, ?5, 'fulfilled', ?3, ?4, ?6, ?7, ?8, ?8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING redemption_id`,
      ).bind(
        vendorId,
        body.product_id,
        body.service_order_id ?? null,
        body.client_name,
        product.cost_cents,
        share,
        key,
        now,
      ),
      c.env.DB.prepare(
        `INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
         SELECT vendor_id, service_order_id, 'redemption', vendor_cents, 'redemption:' || redemption_id, created_at
         FROM redemptions WHERE idempotency_key = ?1 ON CONFLICT (ref) DO NOTHING`,
      ).bind(key),
    ]);
    const row = await c.env.DB.prepare("SELECT * FROM redemptions WHERE idempotency_key = ?").bind(key).first();
    if (row && Number(row.vendor_id) !== vendorId) fail("NOT_FOUND");
    return c.json(
      { data: row, replayed: inserted!.results.length === 0, message: messageFor("REDEMPTION_SUCCESS") },
      inserted!.results.length ? 201 : 200,
    );
  })
  .post("/past-redemption", async (c) => {
    const vendorId = vendorIdOf(c);
    const body = await jsonBody(c, v.object({ page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1) }));
    const rows = await c.env.DB.prepare(
      `SELECT r.redemption_id, r.client_name, r.cost_cents AS price_cents, r.vendor_cents, r.service_order_id, r.status, r.created_at, p.name
       FROM redemptions r JOIN redemption_products p ON p.product_id = r.product_id
       WHERE r.vendor_id = ? ORDER BY r.created_at DESC, r.redemption_id DESC LIMIT 15 OFFSET ?`,
    )
      .bind(vendorId, (body.page - 1) * 15)
      .all();
    return c.json({ data: rows.results, page: body.page, more: rows.results.length === 15 });
  });
