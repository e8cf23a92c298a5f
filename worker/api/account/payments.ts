import { Hono } from "hono";
import * as v from "valibot";
import { paymentHistory, receiptOf } from "../../account/receipts";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

/**
 * /api/account/payments: the signed-in customer's payment history, a page at a time, and one receipt
 * (docs/decisions/154). The rules are in worker/account/receipts.ts.
 */
const PageQuery = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, "Enter a page number."),
      v.transform(Number),
      v.minValue(1, "Pages start at 1."),
    ),
    "1",
  ),
});

const ReceiptParam = v.object({ id: v.pipe(v.string(), v.maxLength(130)) });

export const paymentsApi = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", validate("query", PageQuery), async (c) => {
    const { page } = c.req.valid("query");
    return c.json({ data: await paymentHistory(c.env.DB, viewerOf(c).user_id, page) });
  })

  .get("/:id", validate("param", ReceiptParam), async (c) => {
    return c.json({ data: await receiptOf(c.env.DB, viewerOf(c).user_id, c.req.valid("param").id) });
  });
