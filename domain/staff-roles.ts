import { ADMIN_MIN_GROUP, canUseConnectAdmin, isAdmin, parseSecurityGroups, type RoleSubject } from "./roles";

/**
 * Staff tiers inside the admin range (docs/decisions/090-staff-roles.md). docs/product.md section 6 makes any group of
 * 50 or more an admin and says ratings are approved "only with team-lead or manager approval" without
 * numbering those roles. We number them inside the staff range so every one of them is still an admin:
 * 50-59 support admin, 60-69 team lead, 70 and up manager.
 */
export const TEAM_LEAD_MIN_GROUP = 60;
export const MANAGER_MIN_GROUP = 70;

export type StaffTier = "none" | "admin" | "team_lead" | "manager";

export function staffTier(subject: Pick<RoleSubject, "security_groups">): StaffTier {
  const top = Math.max(-1, ...parseSecurityGroups(subject.security_groups));
  if (top >= MANAGER_MIN_GROUP) return "manager";
  if (top >= TEAM_LEAD_MIN_GROUP) return "team_lead";
  if (top >= ADMIN_MIN_GROUP) return "admin";
  return "none";
}

/** Held ratings (1 to 3 stars) are approved or rejected by a team lead or a manager only. */
export function canReviewRatings(subject: Pick<RoleSubject, "security_groups">): boolean {
  const tier = staffTier(subject);
  return tier === "team_lead" || tier === "manager";
}

/** What the staff pages offer this person; the server checks the same rules on every route. */
export interface StaffAbilities {
  admin: boolean;
  connect_admin: boolean;
  review_ratings: boolean;
  tier: StaffTier;
}

export function staffAbilities(subject: Pick<RoleSubject, "security_groups">): StaffAbilities {
  return {
    admin: isAdmin(subject),
    connect_admin: canUseConnectAdmin(subject),
    review_ratings: canReviewRatings(subject),
    tier: staffTier(subject),
  };
}
