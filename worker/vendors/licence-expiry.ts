/**
 * Switches off every offered service whose group needs a licence the pro no longer holds validly (expired,
 * rejected or removed), so search and job offers stop showing it (decision 081). Run by cron; a second run
 * changes nothing. The rule is domain/vendor/licenses.ts licenseAllowsService, written as SQL.
 */
export async function switchOffUnlicensedServices(d1: D1Database, now: number): Promise<number> {
  const result = await d1
    .prepare(
      `UPDATE vendor_services SET enabled = 0
       WHERE enabled = 1
         AND service_id IN (
           SELECT s.service_id FROM services s
           JOIN service_code_groups g ON g.service_code_group_id = s.service_code_group_id
           WHERE g.license_required = 1)
         AND NOT EXISTS (
           SELECT 1 FROM vendor_licenses l JOIN services s ON s.service_code_group_id = l.service_code_group_id
           WHERE l.vendor_id = vendor_services.vendor_id AND s.service_id = vendor_services.service_id
             AND l.status <> 'rejected' AND l.expires_at > ?)`,
    )
    .bind(now)
    .run();
  return result.meta.changes ?? 0;
}
