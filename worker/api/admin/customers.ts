import { Hono } from "hono";
import { normalizeUsPhone } from "../../../domain/phone";
import { IdParam, likePattern, ListQuery, offsetOf, pageOf } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin } from "../../middleware/roles";

/**
 * /api/admin/customers: find a customer by name, phone or email and see their orders and credits. Charging
 * a customer (SPEC section 6) is not built yet: see the issue 13 report.
 */
export const adminCustomersApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { q, page } = queryOf(c, ListQuery);
    const phone = q ? normalizeUsPhone(q) : null;
    const rows = await c.env.DB.prepare(
      `SELECT user_id, name, phone, email, zipcode, status, credit_balance_cents, created_at FROM users
       WHERE ?1 = '' OR name LIKE ?2 ESCAPE '\\' OR email LIKE ?2 ESCAPE '\\' OR (?3 IS NOT NULL AND phone = ?3)
       ORDER BY name COLLATE NOCASE, user_id LIMIT 11 OFFSET ?4`,
    )
      .bind(q, likePattern(q), phone, offsetOf(page))
      .all();
    return c.json(pageOf(rows.results, page));
  })
  .get("/:id", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const [user, orders, credits] = await c.env.DB.batch([
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
    ]);
    const row = user!.results[0];
    if (!row) fail("NOT_FOUND");
    return c.json({ data: { ...row, orders: orders!.results, credits: credits!.results } });
  });
