/**
 * Texted links to authenticate a later charge (docs/decisions/147-authenticate-later-charges.md): when the bank
 * answers an off-session charge with "authentication_required", the customer gets a link to approve that one charge
 * with 3-D Secure. These are the link's rules; the Worker keeps the links (payment_auth_links).
 */

/** How long a link stays open at most. */
export const AUTH_LINK_HOURS = 48;
/** A link never closes sooner than this, even when what it pays for is close (a visit tomorrow morning). */
export const AUTH_LINK_MIN_MINUTES = 60;

/**
 * When a link made at `now` closes: AUTH_LINK_HOURS later, or earlier at `deadline` (the visit it pays for), but
 * never sooner than AUTH_LINK_MIN_MINUTES from now.
 */
export function authLinkExpiry(now: number, deadline: number | null): number {
  const longest = now + AUTH_LINK_HOURS * 3_600_000;
  const shortest = now + AUTH_LINK_MIN_MINUTES * 60_000;
  if (deadline === null) return longest;
  return Math.max(shortest, Math.min(longest, deadline));
}

export type AuthLinkState = "open" | "expired" | "completed";

/** Whether a link still serves at `now`: a completed one stays completed (its page says so), else it expires. */
export function authLinkState(link: { expires_at: number; completed_at: number | null }, now: number): AuthLinkState {
  if (link.completed_at !== null) return "completed";
  return now < link.expires_at ? "open" : "expired";
}
