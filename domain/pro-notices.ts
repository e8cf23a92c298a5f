import { BRAND_NAME } from "./brand";

/**
 * What a pro reads when something happens to their business: a staff action on their job or account, or a
 * client acting on something of theirs (docs/decisions/127-pros-told-of-staff-actions.md). Pure wording: the
 * Worker's notifyPro (worker/vendors/notify-pro.ts) writes it as a dashboard notice and texts it.
 *
 * Staff write two things for an action: a note for staff (kept in the audit log, never shown to the pro or
 * the customer) and, optionally, a message the pro reads. An empty message is replaced by the default below,
 * never by the staff note.
 */

export const STAFF_PRO_ACTIONS = [
  "job.suspend",
  "job.reschedule",
  "job.complete",
  "job.reassign",
  "service.restrict",
  "payout_account.delete",
  "vendor.soft_ban",
  "vendor.deactivate",
  "vendor.terminate",
  "vendor.reactivate",
] as const;
export type StaffProAction = (typeof STAFF_PRO_ACTIONS)[number];

/** What the pro reads as the reason when staff leave the message empty. */
export const DEFAULT_PRO_REASON: Record<StaffProAction, string> = {
  "job.suspend": "Our support team needs to sort something out with the client first.",
  "job.reschedule": "The client's plans changed and our support team moved the visit.",
  "job.complete": "Our support team closed it for you, as it could not be marked complete.",
  "job.reassign": "Our support team gave it to another pro.",
  "service.restrict": "Our support team reviewed recent jobs for this service.",
  "payout_account.delete": "Our support team removed it so no payout goes to the wrong account.",
  "vendor.soft_ban": "Our support team reviewed your recent jobs.",
  "vendor.deactivate": "Our support team paused your account.",
  "vendor.terminate": "Our support team ended your account.",
  "vendor.reactivate": "Welcome back.",
};

/** The facts a notice names: the job's service and its local time, or the service restricted. */
export interface ProNoticeFacts {
  /** The job's service, or the service restricted. */
  what?: string;
  /** The job's time as people read it ("Sat, Dec 5 at 10:00 AM"). */
  when?: string;
  /** A rescheduled job's new time. */
  newWhen?: string;
}

export interface ProNoticeText {
  /** The dashboard notice (also the text, after the brand). */
  message: string;
  /** 0 info, 1 warning, 2 urgent (notifications.severity). */
  severity: 0 | 1 | 2;
}

/** The reason the pro reads: staff's message to them, or the action's default when it is empty. */
export function proReason(action: StaffProAction, message: string | null | undefined): string {
  const m = (message ?? "").trim();
  return m === "" ? DEFAULT_PRO_REASON[action] : m;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function sentence(s: string): string {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The notice of a staff action, with the reason the pro reads (already defaulted by proReason). */
export function staffActionNotice(action: StaffProAction, facts: ProNoticeFacts, reason: string): ProNoticeText {
  const job = `your ${facts.what ?? "job"}${facts.when ? ` on ${facts.when}` : ""}`;
  const why = sentence(reason);
  switch (action) {
    case "job.suspend":
      return { message: `Support put ${job} on hold; it is off your calendar. ${why}`, severity: 2 };
    case "job.reschedule":
      return {
        message: `Support moved ${job}${facts.newWhen ? ` to ${facts.newWhen}` : ""}; it is off your calendar and offered again. ${why}`,
        severity: 2,
      };
    case "job.complete":
      return { message: `Support marked ${job} complete. ${why}`, severity: 0 };
    case "job.reassign":
      return {
        message: `${capital(job)} was moved to another pro by support; it is off your calendar. ${why}`,
        severity: 2,
      };
    case "service.restrict":
      return {
        message: `Support restricted you from ${facts.what ?? "a service"}: you will not be offered it. ${why}`,
        severity: 2,
      };
    case "payout_account.delete":
      return { message: `Support removed your payout account; add one again to be paid. ${why}`, severity: 2 };
    case "vendor.soft_ban":
      return { message: `Support paused new job offers to you. ${why}`, severity: 2 };
    case "vendor.deactivate":
      return {
        message: `Support deactivated your account; your upcoming jobs went to other pros. ${why}`,
        severity: 2,
      };
    case "vendor.terminate":
      return { message: `Support closed your account; your upcoming jobs went to other pros. ${why}`, severity: 2 };
    case "vendor.reactivate":
      return { message: `Support reactivated your account; you can receive offers again. ${why}`, severity: 0 };
  }
}

/** The text of a notice: the brand, so the pro knows who writes. */
export function proNoticeSms(message: string): string {
  return `${BRAND_NAME}: ${message}`;
}

/** A client paid something of the pro's through a link: an added charge or a payment request (invoice). */
export function clientPaidNotice(input: { kind: "charge" | "request"; amount: string; what: string }): ProNoticeText {
  const what = input.what.trim() ? ` (${input.what.trim()})` : "";
  return {
    message:
      input.kind === "charge"
        ? `Your client approved and paid the added charge of $${input.amount}${what}.`
        : `Your client paid your payment request of $${input.amount}${what}.`,
    severity: 0,
  };
}

/**
 * The wording of the audit note field and of the message field in staff dialogs: a message is read by the
 * person it goes to; a note stays with staff.
 */
export const STAFF_NOTE_LABEL = "Note for staff (kept in the audit log, not sent)";
