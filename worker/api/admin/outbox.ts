import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { normalizeUsPhone } from "../../../domain/phone";
import { outbox } from "../../../schema/tables/accounts";
import { MASK, smsFromEnv } from "../../adapters/sms";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin } from "../../middleware/roles";

const OutboxQuery = v.object({
  to: v.optional(v.pipe(v.string(), v.maxLength(32))),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), "50"),
});

/** The outbox staff read (/api/admin/outbox): every text and email the site sent, newest first. */
export const adminOutboxApi = new Hono<AppEnv>()
  .use(requireAdmin)
  /** Which SMS provider sends: "local" means the outbox is the developer's phone (codes shown). */
  .get("/provider", (c) => c.json({ data: { provider: smsFromEnv(c.env).provider } }))
  .get("/", validate("query", OutboxQuery), async (c) => {
    const query = c.req.valid("query");
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
    // Rows a real provider sent before codes were masked at write time: mask six-digit codes on the way out.
    const shown = rows.map((r) => ({
      ...r,
      body: r.provider === "local" ? r.body : r.body.replace(/\b\d{6}\b/g, MASK),
      created_at: new Date(r.created_at).toISOString(),
    }));
    return c.json({ data: shown, meta: { provider: smsFromEnv(c.env).provider } });
  });
