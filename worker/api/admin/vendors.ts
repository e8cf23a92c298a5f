import { Hono } from "hono";
import * as v from "valibot";
import { IdParam, ListQuery, pageOf, ProReasonBody, ReasonBody } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import {
  deactivateVendor,
  deleteVendorPayoutAccount,
  reactivateVendor,
  resetVendorReliability,
  restrictVendorService,
  softBanVendor,
  terminateVendor,
} from "../../vendors/staff-status";
import { listVendors, vendorDetail } from "../../vendors/staff-vendors";

export { INITIAL_RELIABILITY, SOFT_BAN_RELIABILITY } from "../../vendors/staff-status";

const ServiceParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  serviceId: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
});

/**
 * /api/admin/vendors: find vendors and act on their account (docs/product.md sections 4 "Vendor account" and 6). Each
 * action checks the vendor's current state, and is one audited batch (worker/admin/audit.ts): the
 * conditional update only applies if the vendor is still as staff saw them.
 */
export const adminVendorsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", ListQuery), async (c) => {
    const { q, page } = c.req.valid("query");
    const rows = await listVendors(c.env.DB, q, page);
    return c.json(pageOf(rows, page));
  })

  .get("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const data = await vendorDetail(c.env.DB, id);
    return c.json({ data });
  })
  /**
   * Deactivate (reversible by staff): like a termination without its finality: offers withdrawn, upcoming jobs
   * offered to other pros with their customers told, client subscriptions ended, dashboards closed
   * (docs/decisions/118).
   */
  .post("/:id/deactivate", validate("param", IdParam), validate("json", ProReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason, pro_message } = c.req.valid("json");
    const data = await deactivateVendor(c.env, c.get("db"), {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      proMessage: pro_message,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })

  /** Reactivate a deactivated pro; answers their request to come back, if they made one. */
  .post("/:id/reactivate", validate("param", IdParam), validate("json", ProReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason, pro_message } = c.req.valid("json");
    const data = await reactivateVendor(c.env, c.get("db"), {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      proMessage: pro_message,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })

  /**
   * Terminate (irreversible): payouts paused; the vendor's offers withdrawn; their accepted jobs that have
   * not started go back to pending with no vendor and are offered to other pros, their customers told; client
   * subscriptions end; every dashboard closes (docs/decisions/118).
   */
  .post("/:id/terminate", validate("param", IdParam), validate("json", ProReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason, pro_message } = c.req.valid("json");
    const data = await terminateVendor(c.env, c.get("db"), {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      proMessage: pro_message,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  })

  /** Soft ban: the account stays, reliability drops to 1 and the vendor is no longer offered jobs. */
  .post("/:id/soft-ban", validate("param", IdParam), validate("json", ProReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason, pro_message } = c.req.valid("json");
    const data = await softBanVendor(c.env, c.get("db"), {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      proMessage: pro_message,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  })

  /** Reset reliability to the initial 50; it also lifts a soft ban (docs/decisions/093). */
  .post("/:id/reset-reliability", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const data = await resetVendorReliability(c.env.DB, {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  })

  /** Restrict the vendor from one service for all future jobs (search and offers skip restricted links). */
  .post(
    "/:id/services/:serviceId/restrict",
    validate("param", ServiceParam),
    validate("json", ProReasonBody),
    async (c) => {
      const { id, serviceId } = c.req.valid("param");
      const { reason, pro_message } = c.req.valid("json");
      const data = await restrictVendorService(c.env, c.get("db"), {
        vendorId: id,
        serviceId,
        actorUserId: viewerOf(c).user_id,
        reason,
        proMessage: pro_message,
        now: c.get("now"),
      });
      return c.json({ data, code: "STAFF_ACTION_DONE" });
    },
  )

  /**
   * Delete the vendor's payout account: marked deleted with payouts disabled, so no transfer goes to it.
   * Closing the account at the provider is left to the payouts work (issue 11); see docs/decisions/093.
   */
  .post("/:id/payout-account/delete", validate("param", IdParam), validate("json", ProReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason, pro_message } = c.req.valid("json");
    const data = await deleteVendorPayoutAccount(c.env, c.get("db"), {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      proMessage: pro_message,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  });
