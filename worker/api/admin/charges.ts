import { Hono } from "hono";
import * as v from "valibot";
import { messageFor, type MessageCode } from "../../../domain/messages";
import { paymentsFromEnv } from "../../adapters/payments";
import type { StaffChargeResult } from "../../admin/charges";
import { pageOf } from "../../admin/paging";
import { chargeCustomer, listStaffCharges } from "../../admin/staff-charge";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999_999));

const ChargeBody = v.object({
  user_id: Id,
  service_order_id: Id,
  amount_cents: v.pipe(v.number(), v.integer("Whole cents only."), v.minValue(1), v.maxValue(10_000_000)),
  reason: v.pipe(v.string(), v.trim(), v.minLength(6, "Say why (at least 6 characters)."), v.maxLength(300)),
  /** Made once when the form opens: a double click or a retry of the same form is the same charge. */
  request_key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, "A request key of 8 to 64 letters or digits.")),
});

const ChargesQuery = v.object({
  user_id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Give the customer's number."), v.transform(Number)),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

export function chargeAnswer(result: StaffChargeResult) {
  if (result.status === "failed") fail("CHARGE_ERROR");
  const code: MessageCode =
    result.status === "succeeded"
      ? "STAFF_CHARGE_SUCCESS"
      : result.status === "link_sent"
        ? "STAFF_CHARGE_LINK_SENT"
        : "STAFF_CHARGE_PENDING";
  return { data: result, code, message: messageFor(code) };
}

/**
 * /api/admin/charges: staff charge a customer for one of their jobs (docs/product.md section 6 "charge a customer";
 * docs/decisions/097-staff-charges.md). A reason, an amount within domain/staff-limits.ts, the saved card,
 * a payment link texted when the card needs the customer. The claim and its audit row are one batch; the
 * key is derived from the action, so any number of identical requests make one charge and one audit row.
 */
export const adminChargesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", ChargesQuery), async (c) => {
    const { user_id, page } = c.req.valid("query");
    const rows = await listStaffCharges(c.env.DB, user_id, page);
    return c.json(pageOf(rows, page));
  })
  .post("/", validate("json", ChargeBody), async (c) => {
    const body = c.req.valid("json");
    const now = c.get("now");
    const db = c.get("db");
    const result = await chargeCustomer(c.env, db, () => paymentsFromEnv(c.env, db, now), {
      body,
      actorUserId: viewerOf(c).user_id,
      origin: new URL(c.req.url).origin,
      now,
    });
    return c.json(chargeAnswer(result));
  });
