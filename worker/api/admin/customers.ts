import type { CustomerDetail, CustomerRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import { normalizeUsPhone } from "../../../domain/phone";
import { IdParam, likePattern, ListQuery, offsetOf, pageOf } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin } from "../../middleware/roles";

/**
 * /api/admin/customers: find a customer by name, phone or email and see their orders, credits and the jobs
 * staff may charge them for (the charge itself: /api/admin/charges, worker/api/admin/charges.ts).
 */
export const adminCustomersApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", ListQuery), async (c) => {
    const { q, page } = c.req.valid("query");
    const phone = q ? normalizeUsPhone(q) : null;
    const rows = await c.env.DB.prepare(
      `SELECT user_id, name, phone, email, zipcode, status, credit_balance_cents, created_at FROM users
       WHERE ?1 = '' OR name LIKE ?2 ESCAPE '\\' OR email LIKE ?2 ESCAPE '\\' OR (?3 IS NOT NULL AND phone = ?3)
       ORDER BY name COLLATE NOCASE, user_id LIMIT 11 OFFSET ?4`,
    )
      .bind(q, likePattern(q), phone, offsetOf(page))
      .all<CustomerRow>();
    return c.json(pageOf(rows.results, page));
  })
  .get("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const [user, orders, credits, jobs] = await c.env.DB.batch([
      c.env.DB.prepare(
        "SELECT user_id, name, phone, email, zipcode, status, credit_balance_cents, created_at FROM users WHERE user_id = ?",
      ).bind(id),
      c.env.DB.prepare(
        `SELECT order_id, status, total_cents, zipcode, created_at FROM orders WHERE user_id = ?
         ORDER BY created_at DESC, order_id DESC LIMIT 50`,
      ).bind(id),
      c.env.DB.prepare(
        `SELECT entry_id, delta_cents, reason, ref, note, created_at FROM credit_ledger WHERE user_id = ?
         ORDER BY created_at DESC, entry_id DESC LIMIT 50`,
      ).bind(id),
      // The jobs a charge can be for (a pro took them: a payment link belongs to the job's pro).
      c.env.DB.prepare(
        `SELECT so.service_order_id, so.order_id, s.description, so.service_order_status_id, so.promised_arrival_time,
                so.time_zone, so.price_cents, v.display_name AS vendor_name
         FROM service_orders so JOIN services s ON s.service_id = so.service_id JOIN vendors v ON v.vendor_id = so.vendor_id
         WHERE so.user_id = ? ORDER BY so.promised_arrival_time DESC LIMIT 50`,
      ).bind(id),
    ]);
    const row = user!.results[0];
    if (!row) fail("NOT_FOUND");
    const data: CustomerDetail = {
      ...(row as CustomerRow),
      orders: orders!.results as CustomerDetail["orders"],
      credits: credits!.results as CustomerDetail["credits"],
      jobs: jobs!.results as CustomerDetail["jobs"],
    };
    return c.json({ data });
  });
