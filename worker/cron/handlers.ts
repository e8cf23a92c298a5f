import type { DrizzleD1Database } from "drizzle-orm/d1";
import { paymentsEnv } from "../adapters/payments";
import type { PaymentsPort } from "../adapters/payments/port";
import { retryOrderRefund, settleDraft } from "../checkout/sweep";
import { chargeDate } from "../client-subs/service";
import { scheduledPayout } from "../payouts/pay";
import { deliverGift } from "../wallet/gift-purchase";
import { advance, autocancel, unpaidDate } from "./items/client-subscription";
import { renewMembership } from "./items/membership-renewal";
import { expireRedemptionLink } from "./items/pay-link-expiry";
import { remind } from "./items/reminder";
import { reminderKey } from "../../domain/visit-plan";
import type { CronKind, CronMessage, MessageOf } from "./messages";

/** What every handler is given: the Worker's env, the databases, the payments port and the tick's time. */
export interface CronItemContext {
  env: Env;
  db: DrizzleD1Database;
  port: PaymentsPort;
  now: number;
}

/**
 * One kind of queue item: `key` says what the item is for (recorded in cron_items when it is done, so a second
 * delivery changes nothing; worker/cron/queue.ts enqueueDue leaves out keys already there, in SQL that builds
 * the same strings), `run` does it once and answers its outcome.
 */
export interface CronHandler<M extends CronMessage> {
  key(m: M): string;
  run(ctx: CronItemContext, m: M): Promise<string>;
}

function appOrigin(env: Env): string {
  return paymentsEnv(env).APP_URL ?? "http://localhost:5173";
}

/** One handler per message kind; the compiler checks that every kind has one and that each gets its own message. */
export const CRON_HANDLERS: { [K in CronKind]: CronHandler<MessageOf<K>> } = {
  csub_charge: {
    key: (m) => `csub:${m.id}:${m.at}:charge`,
    run: ({ env, db, port, now }, m) => chargeDate(env, db, port, m.id, m.at, appOrigin(env), now),
  },
  csub_advance: {
    key: (m) => `csub:${m.id}:${m.at}:advance`,
    run: ({ env, now }, m) => advance(env, m.id, m.at, now),
  },
  csub_autocancel: {
    key: (m) => `csub:${m.id}:${m.at}:autocancel`,
    run: ({ env, now }, m) => autocancel(env, m.id, m.at, now),
  },
  reminder: {
    key: (m) => reminderKey(m.so, m.at, m.lead),
    run: ({ env, now }, m) => remind(env, m, appOrigin(env), now),
  },
  payout: {
    key: (m) => `payout:v${m.vendor_id}:${m.period_start}`,
    run: async ({ env, port, now }, m) =>
      (await scheduledPayout(env.DB, port, m.vendor_id, m.period_start, now)).outcome,
  },
  membership_renewal: {
    key: (m) => `membership:${m.membership_id}:${m.period_end}:renew:a${m.attempt}`,
    run: ({ env, now }, m) => renewMembership(env, m, now),
  },
  checkout_settle: {
    key: (m) => `checkout:${m.order_id}:settle`,
    run: ({ env, port, now }, m) => settleDraft(env, port, m.order_id, now),
  },
  checkout_refund: {
    key: (m) => `checkout:${m.order_id}:refund`,
    run: ({ env, port, now }, m) => retryOrderRefund(env, port, m.order_id, now),
  },
  csub_unpaid: {
    key: (m) => `csub:${m.id}:${m.at}:unpaid`,
    run: ({ env, now }, m) => unpaidDate(env, m.id, m.at, appOrigin(env), now),
  },
  paylink_expire: {
    key: (m) => `paylink:${m.pay_link_id}:expire`,
    run: ({ env, now }, m) => expireRedemptionLink(env.DB, m.pay_link_id, now),
  },
  gift_delivery: {
    key: (m) => `gift:${m.gift_card_id}:deliver`,
    run: ({ env, db, now }, m) => deliverGift(env, db, m.gift_card_id, now),
  },
};

/** The handler of a message's kind (the map's type ties each kind to its message; TypeScript cannot follow it through a union). */
export function handlerOf<M extends CronMessage>(m: M): CronHandler<M> {
  const handler = CRON_HANDLERS[m.kind] as unknown as CronHandler<M> | undefined;
  if (!handler) throw new Error(`unknown cron item kind: ${String(m.kind)}`);
  return handler;
}
