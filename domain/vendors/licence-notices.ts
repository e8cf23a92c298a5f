/**
 * What a pro is told about a licence (docs/decisions/085-licence-notices-and-photo-check.md): a warning
 * LICENCE_WARNING_DAYS before it expires, and a notice when its lapse (expiry or rejection) switched the
 * group's services off. Each notice is keyed by the event it reports, so it is written and texted once.
 */

export const LICENCE_WARNING_DAYS = 14;
export const LICENCE_WARNING_MS = LICENCE_WARNING_DAYS * 24 * 60 * 60 * 1000;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** An expiry instant (the last millisecond of its UTC day, domain/vendors/licenses.ts) as "June 30, 2028". */
export function expiryDay(expiresAt: number): string {
  const d = new Date(expiresAt);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The event key: one per group and licence file (a renewal is a new file, so a new event). */
export function licenceNoticeKey(kind: "off" | "expiring", groupId: number, uploadId: number | null): string {
  return `licence-${kind}:g${groupId}:u${uploadId ?? 0}`;
}

/** Keys of every licence notice of a group (for LIKE): resolved together when a new licence is uploaded. */
export function licenceNoticePattern(groupId: number): string {
  return `licence-%:g${groupId}:%`;
}

export function licenceOffMessage(opts: {
  group: string;
  reason: "expired" | "rejected" | "missing" | "pending";
  expiresAt: number | null;
}): string {
  const why =
    opts.reason === "expired" && opts.expiresAt !== null
      ? `Your ${opts.group} licence expired on ${expiryDay(opts.expiresAt)}`
      : opts.reason === "rejected"
        ? `Your ${opts.group} licence was not accepted`
        : opts.reason === "pending"
          ? `Your ${opts.group} licence is still waiting for our review`
          : `We have no ${opts.group} licence on file for you`;
  return `${why}, so your ${opts.group} services are switched off. Upload a valid licence under Business > Licences to offer them again.`;
}

export function licenceExpiringMessage(opts: { group: string; expiresAt: number }): string {
  return `Your ${opts.group} licence expires on ${expiryDay(opts.expiresAt)}. Upload your renewed licence under Business > Licences before then, or your ${opts.group} services will be switched off.`;
}
