/**
 * Licences (issue 12; docs/decisions/081-licences-and-photo-check.md, 121-licences-reviewed.md). A service group
 * that needs a licence can be offered only while the pro's licence for it is approved by staff and has not
 * expired. A licence waiting for staff unlocks nothing; a renewal sent while the current licence holds waits
 * beside it (vendor_licenses.renewal_*), so the current one keeps the services on while the renewal is reviewed.
 */
export interface LicenseState {
  status: "pending" | "approved" | "rejected";
  expires_at: number;
}

export function licenseAllowsService(license: LicenseState | null | undefined, now: number): boolean {
  return !!license && license.status === "approved" && license.expires_at > now;
}

/** An expiry date is at least a day ahead and at most 10 years. */
export function isPlausibleExpiry(expiresAt: number, now: number): boolean {
  return expiresAt > now + 86_400_000 && expiresAt < now + 10 * 366 * 86_400_000;
}

/** "YYYY-MM-DD" as the last millisecond of that day in UTC (a licence is valid through its expiry date). */
export function expiryFromDay(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  const d = new Date(t);
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? t : null;
}
