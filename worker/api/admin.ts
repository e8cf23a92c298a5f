import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { normalizeUsPhone } from "../../domain/phone";
import { outbox } from "../../schema/tables/accounts";
import type { AppEnv } from "../http/types";
import { queryOf } from "../http/validate";
import { requireAdmin } from "../middleware/roles";

const OutboxQuery = v.object({
  to: v.optional(v.pipe(v.string(), v.maxLength(32))),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), "50"),
});

/** Staff area (security group 50+). More admin tools arrive with their issues. */
export const adminApi = new Hono<AppEnv>().use(requireAdmin).get("/outbox", async (c) => {
  const query = queryOf(c, OutboxQuery);
  const db = c.get("db");
  const to = query.to ? (normalizeUsPhone(query.to) ?? query.to) : null;
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: outbox.to,
      body: outbox.body,
      status: outbox.status,
      provider: outbox.provider,
      created_at: outbox.created_at,
    })
    .from(outbox)
    .where(to ? eq(outbox.to, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(query.limit);
  return c.json({ data: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })) });
});
