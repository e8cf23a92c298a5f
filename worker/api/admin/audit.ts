import type { AuditRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { offsetOf, pageOf } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin } from "../../middleware/roles";

const AuditQuery = v.object({
  action: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60), v.regex(/^[a-z_.]*$/, "Unknown action.")), ""),
  target_type: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40), v.regex(/^[a-z_]*$/)), ""),
  target_id: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40)), ""),
  actor: v.optional(v.pipe(v.string(), v.regex(/^\d{0,12}$/)), ""),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * The audit trail, newest first, filtered by action (a prefix: "vendor." lists every vendor action), target
 * or actor. Read only: no route edits or deletes an audit row (docs/decisions/091).
 */
export const adminAuditApi = new Hono<AppEnv>().use(requireAdmin).get("/", validate("query", AuditQuery), async (c) => {
  const q = c.req.valid("query");
  const rows = await c.env.DB.prepare(
    `SELECT a.id, a.actor_user_id, u.name AS actor_name, a.action, a.target_type, a.target_id, a.reason,
            a.before_value, a.after_value, a.details, a.created_at
     FROM audit_log a LEFT JOIN users u ON u.user_id = a.actor_user_id
     WHERE (?1 = '' OR a.action = ?1 OR (substr(?1, -1) = '.' AND substr(a.action, 1, length(?1)) = ?1))
       AND (?2 = '' OR a.target_type = ?2) AND (?3 = '' OR a.target_id = ?3)
       AND (?4 = '' OR a.actor_user_id = CAST(?4 AS INTEGER))
     ORDER BY a.id DESC LIMIT 11 OFFSET ?5`,
  )
    .bind(q.action, q.target_type, q.target_id, q.actor, offsetOf(q.page))
    .all<
      Omit<AuditRow, "before_value" | "after_value" | "details" | "created_at"> & {
        before_value: string | null;
        after_value: string | null;
        details: string | null;
        created_at: number;
      }
    >();
  const parse = (s: string | null) => (s === null ? null : (JSON.parse(s) as unknown));
  return c.json(
    pageOf(
      rows.results.map((r): AuditRow => ({
        ...r,
        before_value: parse(r.before_value),
        after_value: parse(r.after_value),
        details: parse(r.details),
        created_at: new Date(r.created_at).toISOString(),
      })),
      q.page,
    ),
  );
});
