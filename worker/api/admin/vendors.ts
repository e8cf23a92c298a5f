import type { VendorRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { normalizeUsPhone } from "../../../domain/phone";
import { newAuditedAction, runAudited } from "../../admin/audit";
import { IdParam, likePattern, ListQuery, offsetOf, pageOf, ReasonBody } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { setVendorStatus, terminateVendor, vendorState } from "../../vendors/staff-status";

/** Reliability a soft ban sets and a reset restores (SPEC section 9). */
export const SOFT_BAN_RELIABILITY = 1;
export const INITIAL_RELIABILITY = 50;

const ServiceParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  serviceId: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
});

/**
 * /api/admin/vendors: find vendors and act on their account (SPEC sections 4 "Vendor account" and 6). Each
 * action checks the vendor's current state, and is one audited batch (worker/admin/audit.ts): the
 * conditional update only applies if the vendor is still as staff saw them.
 */
export const adminVendorsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { q, page } = queryOf(c, ListQuery);
    const phone = q ? normalizeUsPhone(q) : null;
    const zip = /^\d{5}$/.test(q) ? q : null;
    const rows = await c.env.DB.prepare(
      `SELECT v.vendor_id, v.display_name, u.name AS user_name, u.phone, v.base_zip, v.status, v.soft_banned,
              v.reliability, v.payouts_paused, v.rating_avg_x100, v.rating_count, v.completed_jobs
       FROM vendors v JOIN users u ON u.user_id = v.user_id
       WHERE ?1 = '' OR v.display_name LIKE ?2 ESCAPE '\\' OR u.name LIKE ?2 ESCAPE '\\'
          OR (?3 IS NOT NULL AND u.phone = ?3) OR (?4 IS NOT NULL AND v.base_zip = ?4)
       ORDER BY v.display_name COLLATE NOCASE, v.vendor_id LIMIT 11 OFFSET ?5`,
    )
      .bind(q, likePattern(q), phone, zip, offsetOf(page))
      .all<VendorRow>();
    return c.json(pageOf(rows.results, page));
  })

  .get("/:id", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const [vendor, services, account] = await c.env.DB.batch([
      c.env.DB.prepare(
        `SELECT v.vendor_id, v.display_name, u.name AS user_name, u.phone, u.email, v.base_zip, v.status, v.soft_banned,
                v.reliability, v.payouts_paused, v.license_status, v.photo_status, v.review_note, v.completed_jobs
         FROM vendors v JOIN users u ON u.user_id = v.user_id WHERE v.vendor_id = ?`,
      ).bind(id),
      c.env.DB.prepare(
        `SELECT vs.service_id, s.description, vs.enabled, vs.restricted_at FROM vendor_services vs
         JOIN services s ON s.service_id = vs.service_id WHERE vs.vendor_id = ? ORDER BY s.description`,
      ).bind(id),
      c.env.DB.prepare("SELECT provider, status, payouts_enabled FROM connected_accounts WHERE vendor_id = ?").bind(id),
    ]);
    const row = vendor!.results[0];
    if (!row) fail("NOT_FOUND");
    return c.json({ data: { ...row, services: services!.results, payout_account: account!.results[0] ?? null } });
  })

  /** Deactivate: stops new offers and bookings; accepted jobs stay with the vendor (docs/decisions/093). */
  .post("/:id/deactivate", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const data = await setVendorStatus(c.env.DB, {
      vendorId: id,
      from: "active",
      to: "deactivated",
      action: "vendor.deactivate",
      actorUserId: viewerOf(c).user_id,
      reason,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })

  .post("/:id/reactivate", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const data = await setVendorStatus(c.env.DB, {
      vendorId: id,
      from: "deactivated",
      to: "active",
      action: "vendor.reactivate",
      actorUserId: viewerOf(c).user_id,
      reason,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })

  /**
   * Terminate (irreversible): payouts paused; the vendor's offers withdrawn; their accepted jobs that have
   * not started go back to pending with no vendor and are offered to other pros.
   */
  .post("/:id/terminate", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const data = await terminateVendor(c.env, c.get("db"), {
      vendorId: id,
      actorUserId: viewerOf(c).user_id,
      reason,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  })

  /** Soft ban: the account stays, reliability drops to 1 and the vendor is no longer offered jobs. */
  .post("/:id/soft-ban", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const before = await vendorState(d1, id);
    if (before.status === "terminated" || before.soft_banned) fail("STAFF_ACTION_NOT_ALLOWED");
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(
          `UPDATE vendors SET soft_banned = 1, reliability = ?3, updated_at = ?2
           WHERE vendor_id = ?1 AND soft_banned = 0 AND status <> 'terminated' AND reliability = ?4`,
        )
        .bind(id, now, SOFT_BAN_RELIABILITY, before.reliability),
      {
        actorUserId: viewerOf(c).user_id,
        action: "vendor.soft_ban",
        targetType: "vendor",
        targetId: id,
        reason,
        before: { soft_banned: false, reliability: before.reliability },
        after: { soft_banned: true, reliability: SOFT_BAN_RELIABILITY },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({
      data: { vendor_id: id, soft_banned: true, reliability: SOFT_BAN_RELIABILITY },
      code: "STAFF_ACTION_DONE",
    });
  })

  /** Reset reliability to the initial 50; it also lifts a soft ban (docs/decisions/093). */
  .post("/:id/reset-reliability", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const before = await vendorState(d1, id);
    if (before.status === "terminated") fail("STAFF_ACTION_NOT_ALLOWED");
    if (before.reliability === INITIAL_RELIABILITY && !before.soft_banned) fail("STAFF_ACTION_NOT_ALLOWED");
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(
          `UPDATE vendors SET soft_banned = 0, reliability = ?3, updated_at = ?2
           WHERE vendor_id = ?1 AND status <> 'terminated' AND reliability = ?4 AND soft_banned = ?5`,
        )
        .bind(id, now, INITIAL_RELIABILITY, before.reliability, before.soft_banned),
      {
        actorUserId: viewerOf(c).user_id,
        action: "vendor.reset_reliability",
        targetType: "vendor",
        targetId: id,
        reason,
        before: { soft_banned: Boolean(before.soft_banned), reliability: before.reliability },
        after: { soft_banned: false, reliability: INITIAL_RELIABILITY },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({
      data: { vendor_id: id, soft_banned: false, reliability: INITIAL_RELIABILITY },
      code: "STAFF_ACTION_DONE",
    });
  })

  /** Restrict the vendor from one service for all future jobs (search and offers skip restricted links). */
  .post("/:id/services/:serviceId/restrict", async (c) => {
    const { id, serviceId } = parseOrFail(ServiceParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const link = await d1
      .prepare("SELECT restricted_at FROM vendor_services WHERE vendor_id = ? AND service_id = ?")
      .bind(id, serviceId)
      .first<{ restricted_at: number | null }>();
    if (!link) fail("NOT_FOUND");
    if (link.restricted_at !== null) fail("STAFF_ACTION_NOT_ALLOWED");
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(
          "UPDATE vendor_services SET restricted_at = ?3 WHERE vendor_id = ?1 AND service_id = ?2 AND restricted_at IS NULL",
        )
        .bind(id, serviceId, now),
      {
        actorUserId: viewerOf(c).user_id,
        action: "vendor.restrict_service",
        targetType: "vendor",
        targetId: id,
        reason,
        before: { service_id: serviceId, restricted: false },
        after: { service_id: serviceId, restricted: true },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({ data: { vendor_id: id, service_id: serviceId, restricted: true }, code: "STAFF_ACTION_DONE" });
  })

  /**
   * Delete the vendor's payout account: marked deleted with payouts disabled, so no transfer goes to it.
   * Closing the account at the provider is left to the payouts work (issue 11); see docs/decisions/093.
   */
  .post("/:id/payout-account/delete", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const acct = await d1
      .prepare("SELECT provider, account_id, status, payouts_enabled FROM connected_accounts WHERE vendor_id = ?")
      .bind(id)
      .first<{ provider: string; account_id: string; status: string; payouts_enabled: number }>();
    if (!acct) fail("NOT_FOUND");
    if (acct.status === "deleted") fail("STAFF_ACTION_NOT_ALLOWED");
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(
          "UPDATE connected_accounts SET status = 'deleted', payouts_enabled = 0, updated_at = ?2 WHERE vendor_id = ?1 AND status = ?3",
        )
        .bind(id, now, acct.status),
      {
        actorUserId: viewerOf(c).user_id,
        action: "vendor.delete_payout_account",
        targetType: "vendor",
        targetId: id,
        reason,
        before: { status: acct.status, payouts_enabled: Boolean(acct.payouts_enabled), account_id: acct.account_id },
        after: { status: "deleted", payouts_enabled: false },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({ data: { vendor_id: id, payout_account: "deleted" }, code: "STAFF_ACTION_DONE" });
  });
