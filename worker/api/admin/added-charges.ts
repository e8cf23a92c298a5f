import { Hono } from "hono";
import * as v from "valibot";
import { paymentsFromEnv } from "../../adapters/payments";
import { IdParam, ListQuery, pageOf, ReasonBody } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { refundAddedCharge, staffAddedCharges } from "../../jobs/added-charges";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const AddedChargesQuery = v.object({
  ...ListQuery.entries,
  /** "1": only charges the customer disputed. */
  disputed: v.optional(v.picklist(["0", "1"], "Send disputed=1 or disputed=0."), "0"),
});

/**
 * /api/admin/added-charges: the charges pros added to their jobs (docs/decisions/116), with the customers'
 * disputes, and the staff refund of one (audited; refunding twice refunds once).
 */
export const adminAddedChargesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", AddedChargesQuery), async (c) => {
    const q = c.req.valid("query");
    const rows = await staffAddedCharges(c.get("db"), { disputed: q.disputed === "1", page: q.page });
    return c.json(pageOf(rows, q.page));
  })
  /** { reason }: refunds the whole added charge to the customer's card; the pro's share comes off their pay. */
  .post("/:id/refund", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const data = await refundAddedCharge(
      c.env,
      db,
      () => paymentsFromEnv(c.env, db, now),
      id,
      { kind: "staff", actorUserId: viewerOf(c).user_id, reason: body.reason },
      now,
    );
    return c.json({ data, message: data.message });
  });
