import type { VendorDetail, VendorRow } from "../../schema/contracts/admin";
import { normalizeUsPhone } from "../../domain/phone";
import { likePattern, offsetOf } from "../admin/paging";
import { fail } from "../http/errors";

/** The staff's vendor list and one vendor's detail (worker/api/admin/vendors.ts; docs/product.md section 6). */

/**
 * One page (11 rows: the 11th says another page follows) of the pros matching `q` (name, display name, phone
 * or base ZIP; all when empty), by display name.
 */
export async function listVendors(d1: D1Database, q: string, page: number): Promise<VendorRow[]> {
  const phone = q ? normalizeUsPhone(q) : null;
  const zip = /^\d{5}$/.test(q) ? q : null;
  const rows = await d1
    .prepare(
      `SELECT v.vendor_id, v.display_name, u.name AS user_name, u.phone, v.base_zip, v.status, v.soft_banned,
              v.reliability, v.payouts_paused, v.rating_avg_x100, v.rating_count, v.completed_jobs,
              v.deactivated_by, v.reactivation_requested_at, v.reactivation_note
       FROM vendors v JOIN users u ON u.user_id = v.user_id
       WHERE ?1 = '' OR v.display_name LIKE ?2 ESCAPE '\\' OR u.name LIKE ?2 ESCAPE '\\'
          OR (?3 IS NOT NULL AND u.phone = ?3) OR (?4 IS NOT NULL AND v.base_zip = ?4)
       ORDER BY v.display_name COLLATE NOCASE, v.vendor_id LIMIT 11 OFFSET ?5`,
    )
    .bind(q, likePattern(q), phone, zip, offsetOf(page))
    .all<VendorRow>();
  return rows.results;
}

/** One pro as staff see them: account, services (with restrictions) and payout account; NOT_FOUND otherwise. */
export async function vendorDetail(d1: D1Database, id: number): Promise<VendorDetail> {
  const [vendor, services, account] = await d1.batch([
    d1
      .prepare(
        `SELECT v.vendor_id, v.display_name, u.name AS user_name, u.phone, u.email, v.base_zip, v.status, v.soft_banned,
                v.reliability, v.payouts_paused, v.license_status, v.photo_status, v.review_note, v.completed_jobs
         FROM vendors v JOIN users u ON u.user_id = v.user_id WHERE v.vendor_id = ?`,
      )
      .bind(id),
    d1
      .prepare(
        `SELECT vs.service_id, s.description, vs.enabled, vs.restricted_at FROM vendor_services vs
         JOIN services s ON s.service_id = vs.service_id WHERE vs.vendor_id = ? ORDER BY s.description`,
      )
      .bind(id),
    d1.prepare("SELECT provider, status, payouts_enabled FROM connected_accounts WHERE vendor_id = ?").bind(id),
  ]);
  const row = vendor!.results[0] as Omit<VendorDetail, "services" | "payout_account"> | undefined;
  if (!row) return fail("NOT_FOUND");
  return {
    ...row,
    services: services!.results as VendorDetail["services"],
    payout_account: (account!.results[0] as VendorDetail["payout_account"] | undefined) ?? null,
  };
}
