/**
 * The items the billing cron puts on CRON_QUEUE (docs/decisions/071-billing-cron-and-queue.md), one kind a
 * message. Each kind has one handler in worker/cron/handlers.ts.
 */
export type CronMessage =
  | { kind: "csub_charge"; id: number; at: number }
  | { kind: "csub_advance"; id: number; at: number }
  | { kind: "csub_autocancel"; id: number; at: number }
  | { kind: "reminder"; so: number; at: number; lead: "24h" | "2h" }
  | { kind: "payout"; vendor_id: number; period_start: number }
  | { kind: "membership_renewal"; membership_id: number; period_end: number; attempt: number }
  | { kind: "checkout_settle"; order_id: number }
  | { kind: "checkout_refund"; order_id: number }
  | { kind: "csub_unpaid"; id: number; at: number }
  | { kind: "paylink_expire"; pay_link_id: number }
  | { kind: "gift_delivery"; gift_card_id: number };

export type CronKind = CronMessage["kind"];

/** The message of one kind. */
export type MessageOf<K extends CronKind> = Extract<CronMessage, { kind: K }>;

/** What travels on the queue: the item and the tick that found it (the consumer's clock). */
export type CronEnvelope = CronMessage & { tick: number };
