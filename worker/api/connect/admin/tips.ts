import { Hono } from "hono";
import type { ConnectTipRow } from "../../../../schema/contracts/admin";
import * as v from "valibot";
import { formatLocal } from "../../../../domain/calendar/time";
import { offsetOf, pageOf } from "../../../admin/paging";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireConnectAdmin } from "../../../middleware/roles";

const TipsQuery = v.object({
  status: v.optional(v.picklist(["", "pending", "succeeded", "failed"]), ""),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * GET /api/connect/admin/tips: tips on business (is_connect) jobs, newest first, with the job, the pro and
 * where the tip came from (a client, or the secure-pay link: cpid with vid, up to $500). Read-only; group 31
 * or any admin.
 */
export const connectAdminTipsApi = new Hono<AppEnv>()
  .use(requireConnectAdmin)
  .get("/", validate("query", TipsQuery), async (c) => {
    const { status, page } = c.req.valid("query");
    const { results } = await c.env.DB.prepare(
      `SELECT t.tip_id, t.service_order_id, t.amount_cents, t.source, t.status, t.created_at, v.display_name AS vendor_name,
            s.description AS service, so.promised_arrival_time, so.time_zone
     FROM tips t JOIN service_orders so ON so.service_order_id = t.service_order_id AND so.is_connect = 1
     JOIN services s ON s.service_id = so.service_id LEFT JOIN vendors v ON v.vendor_id = t.vendor_id
     WHERE ?1 = '' OR t.status = ?1 ORDER BY t.created_at DESC, t.tip_id DESC LIMIT 11 OFFSET ?2`,
    )
      .bind(status, offsetOf(page))
      .all<Omit<ConnectTipRow, "local_time">>();
    return c.json(
      pageOf(
        results.map((r) => ({ ...r, local_time: formatLocal(r.promised_arrival_time, r.time_zone) })),
        page,
      ),
    );
  });
