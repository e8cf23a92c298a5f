/**
 * What a pro may do in each state of their account (docs/product.md section 4 "Vendor account";
 * docs/decisions/118-vendor-account-states.md). Pure: the Worker reads the state and asks here; one
 * middleware (worker/middleware/vendor-account.ts) applies it to every vendor route and the live socket.
 */

/**
 * The states of a pro's account, as the policy sees them:
 * - active: everything;
 * - paused: the pro paused their own account (vendors.status 'deactivated' set by the pro): no new offers,
 *   everything else as active, and they resume it themselves;
 * - soft_banned: staff's soft ban (reliability 1): no new offers or accepts, existing work goes on;
 * - deactivated: staff deactivated the account (reversible by staff): like terminated, but the pro may ask
 *   to be reactivated;
 * - terminated: final: only reading their pay history, statements, jobs and documents;
 * - pending: an applicant not approved yet: no vendor action at all.
 */
export const VENDOR_ACCOUNT_STATES = [
  "active",
  "paused",
  "soft_banned",
  "deactivated",
  "terminated",
  "pending",
] as const;
export type VendorAccountState = (typeof VENDOR_ACCOUNT_STATES)[number];

/** Every kind of thing a pro does through the API; each vendor route is exactly one of them. */
export const VENDOR_ACTIONS = [
  /** Read their own data: pay history and statements, jobs, profile, documents, calendar, help. */
  "read",
  /** Accept an offered job (and receive new offers). */
  "accept_offer",
  /** Pass on an offer. */
  "decline_offer",
  /** Act on a job already theirs: confirm, give back, complete, photos, reschedule, refund, day-of actions. */
  "job_action",
  /** Charge a customer's card for something added to a job (added charges, products sold at a visit). */
  "charge",
  /** Text a customer through the platform's relay or ask for their contact details. */
  "message_customer",
  /** Change what the public sees or is offered: description, pictures, licences, services, range, links. */
  "profile_edit",
  /** Change when they work: time off, hours, calendar settings and feed. */
  "calendar_edit",
  /** Create, change or cancel a client subscription. */
  "client_subscription",
  /** Move money out: payout settings, instant payouts and transfers. */
  "payout",
  /** The live dashboard socket (pushes offers and job changes). */
  "live_socket",
  /** Pause or resume their own account. */
  "own_status",
  /** Ask staff to reactivate a deactivated account. */
  "request_reactivation",
  /** Appeal a reliability penalty. */
  "appeal",
  /** Sign the agreement and use the pros' forum. */
  "community",
] as const;
export type VendorAction = (typeof VENDOR_ACTIONS)[number];

const WORKING: readonly VendorAction[] = [
  "read",
  "accept_offer",
  "decline_offer",
  "job_action",
  "charge",
  "message_customer",
  "profile_edit",
  "calendar_edit",
  "client_subscription",
  "payout",
  "live_socket",
  "own_status",
  "appeal",
  "community",
];

const ALLOWED: Record<VendorAccountState, ReadonlySet<VendorAction>> = {
  active: new Set(WORKING),
  // A pause stops new offers (search and offer rounds skip the pro); an offer already on their dashboard
  // may still be taken, as before the pause.
  paused: new Set(WORKING),
  // Soft ban: no new work (no offers, no accepts, no new client subscriptions); what they already took goes on.
  soft_banned: new Set(WORKING.filter((a) => a !== "accept_offer" && a !== "client_subscription")),
  // Staff deactivation: the pro keeps reading and may appeal a penalty and ask to come back.
  deactivated: new Set<VendorAction>(["read", "appeal", "request_reactivation"]),
  // Terminated (final): pay history, statements and their own records only.
  terminated: new Set<VendorAction>(["read"]),
  pending: new Set<VendorAction>(),
};

/** Whether a pro in `state` may take `action`. */
export function vendorMay(state: VendorAccountState, action: VendorAction): boolean {
  return ALLOWED[state].has(action);
}

/** The catalogue code a refusal answers with (domain/messages.ts). */
export function refusalCode(
  state: VendorAccountState,
): "VENDOR_ACCOUNT_INACTIVE" | "VENDOR_TERMINATED" | "VENDOR_APPLICANT_NOT_APPROVED" | "VENDOR_SOFT_BANNED" {
  if (state === "terminated") return "VENDOR_TERMINATED";
  if (state === "pending") return "VENDOR_APPLICANT_NOT_APPROVED";
  if (state === "soft_banned") return "VENDOR_SOFT_BANNED";
  return "VENDOR_ACCOUNT_INACTIVE";
}

/** What taking a pro off the market does to their work: staff read it before they act, the pro after. */
export const STAND_DOWN_EFFECT_FOR_STAFF =
  "Their upcoming jobs are offered to other pros at once and their clients are told by text; their client subscriptions end; their open dashboards disconnect.";
const STAND_DOWN_EFFECT_FOR_PRO =
  "Your upcoming jobs were offered to other pros and your clients were told by text; your client subscriptions ended.";

/** What the pro's dashboard and profile say about their account (null when it is active). */
export function accountStateNotice(state: VendorAccountState): string | null {
  switch (state) {
    case "active":
    case "pending":
      return null;
    case "paused":
      return "Your account is paused: you get no new job offers and don't appear in search until you resume it. Jobs you already accepted stay on your calendar.";
    case "soft_banned":
      return "Your account is on hold for new work: you get no new job offers. Jobs you already accepted stay on your calendar.";
    case "deactivated":
      return `Your account was deactivated by our team: you get no job offers and don't appear in search. ${STAND_DOWN_EFFECT_FOR_PRO} You can ask us to reactivate it from your profile.`;
    case "terminated":
      return `Your account is closed: you get no job offers and don't appear in search. ${STAND_DOWN_EFFECT_FOR_PRO} You can still see your pay history and statements.`;
  }
}

/** A pro's state from their vendors row: status, soft ban and who deactivated it. */
export function vendorAccountState(row: {
  status: "active" | "deactivated" | "terminated";
  soft_banned: boolean | number;
  deactivated_by: "pro" | "staff" | null;
}): VendorAccountState {
  if (row.status === "terminated") return "terminated";
  // A deactivation nobody recorded the author of is staff's: the safer reading.
  if (row.status === "deactivated" && row.deactivated_by !== "pro") return "deactivated";
  if (row.soft_banned) return "soft_banned";
  if (row.status === "deactivated") return "paused";
  return "active";
}
