import type { PayoutAccountView, PayoutView, PayView } from "../../schema/contracts/pay";
import { ServiceOrderStatus } from "../../domain/order-status";
import {
  commissionCents,
  instantFeeCents,
  lastClosedPeriod,
  nextPayoutAt,
  PAYOUT_RULES,
} from "../../domain/payout-rules";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { fail } from "../http/errors";
import { settlePaidRedemptions } from "../redemptions/settle";

/**
 * The pro's pay (docs/decisions/070-pro-pay-and-payouts.md): what they earned line by line
 * (vendor_earnings), what is available (lines not yet in a payout), what is pending (jobs not completed),
 * and the payouts that move the available balance to their payout account, instant or weekly.
 *
 * Money moves once: a payout row claims its earnings lines in the same D1 batch that creates it, its key
 * says what it pays for (`payout:v<vendor>:instant:e<last line>` or `payout:v<vendor>:week:<period start>`),
 * and the transfer's idempotency key is derived from the payout row.
 */

type Row = Record<string, unknown>;

/** A completed job's share becomes an earnings line (once: ref "job:<service_order_id>"). */
export async function syncJobEarnings(d1: D1Database, vendorId: number | null, now: number): Promise<void> {
  await d1
    .prepare(
      `INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
       SELECT vendor_id, service_order_id, 'job', vendor_payout_cents, 'job:' || service_order_id, coalesce(completion_time, ?2)
       FROM service_orders
       WHERE service_order_status_id = ?3 AND vendor_id IS NOT NULL AND vendor_payout_cents > 0
         AND (?1 IS NULL OR vendor_id = ?1)
       ON CONFLICT (ref) DO NOTHING`,
    )
    .bind(vendorId, now, ServiceOrderStatus.COMPLETED)
    .run();
}

/** The pro's payout account at the provider (schema/contracts/pay.ts). */
export type AccountView = PayoutAccountView;

export async function accountOf(
  d1: D1Database,
  vendorId: number,
): Promise<(AccountView & { account_id: string }) | null> {
  const row = await d1
    .prepare(
      `SELECT account_id, status, payouts_enabled, charges_enabled, details_submitted, requirements_due,
              disabled_reason, provider FROM connected_accounts WHERE vendor_id = ?`,
    )
    .bind(vendorId)
    .first<{
      account_id: string;
      status: AccountView["status"];
      payouts_enabled: number;
      charges_enabled: number;
      details_submitted: number;
      requirements_due: string | null;
      disabled_reason: string | null;
      provider: "local" | "stripe";
    }>();
  if (!row || row.status === "deleted") return null;
  let due: string[] = [];
  try {
    const parsed: unknown = row.requirements_due ? JSON.parse(row.requirements_due) : [];
    if (Array.isArray(parsed)) due = parsed.filter((x): x is string => typeof x === "string");
  } catch {
    due = [];
  }
  return {
    ...row,
    payouts_enabled: !!row.payouts_enabled,
    charges_enabled: !!row.charges_enabled,
    details_submitted: !!row.details_submitted,
    requirements_due: due,
  };
}

export async function payView(d1: D1Database, vendorId: number, now: number): Promise<PayView> {
  await syncJobEarnings(d1, vendorId, now);
  await settlePaidRedemptions(d1, { vendorId }, now);
  const [balance, pending, jobs, lines, vendor] = await d1.batch<Row>([
    d1
      .prepare(
        "SELECT coalesce(sum(amount_cents), 0) AS available FROM vendor_earnings WHERE vendor_id = ? AND payout_id IS NULL",
      )
      .bind(vendorId),
    d1
      .prepare(
        `SELECT coalesce(sum(vendor_payout_cents), 0) AS pending, count(*) AS jobs FROM service_orders
         WHERE vendor_id = ? AND service_order_status_id IN (?, ?)`,
      )
      .bind(vendorId, ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS),
    d1
      .prepare(
        `SELECT so.service_order_id, so.price_cents, so.vendor_payout_cents, so.tip_cents, so.completion_time,
                so.promised_arrival_time, s.description,
                (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r WHERE r.service_order_id = so.service_order_id
                   AND r.status = 'succeeded') AS refund_cents
         FROM service_orders so JOIN services s ON s.service_id = so.service_id
         WHERE so.vendor_id = ? AND so.service_order_status_id = ?
         ORDER BY coalesce(so.completion_time, so.promised_arrival_time) DESC LIMIT 30`,
      )
      .bind(vendorId, ServiceOrderStatus.COMPLETED),
    d1
      .prepare(
        `SELECT service_order_id, kind, sum(amount_cents) AS cents, max(payout_id IS NOT NULL) AS paid
         FROM vendor_earnings WHERE vendor_id = ? AND service_order_id IS NOT NULL GROUP BY service_order_id, kind`,
      )
      .bind(vendorId),
    d1.prepare("SELECT status, payouts_paused, instant_payout_enabled FROM vendors WHERE vendor_id = ?").bind(vendorId),
  ]);
  const byJob = new Map<number, Record<string, number>>();
  for (const l of lines!.results) {
    const so = Number(l.service_order_id);
    const m = byJob.get(so) ?? {};
    m[String(l.kind)] = Number(l.cents);
    if (Number(l.paid)) m.paid = 1;
    byJob.set(so, m);
  }
  const redemptions = await d1
    .prepare(
      `SELECT r.redemption_id, r.client_name, r.cost_cents AS price_cents, r.vendor_cents, r.created_at, p.name
       FROM redemptions r JOIN redemption_products p ON p.product_id = r.product_id
       WHERE r.vendor_id = ? AND r.status = 'fulfilled' ORDER BY r.created_at DESC LIMIT 30`,
    )
    .bind(vendorId)
    .all<Row>();
  const account = await accountOf(d1, vendorId);
  const paused = vendor!.results[0]?.status === "terminated" || !!vendor!.results[0]?.payouts_paused;
  return {
    available_cents: Number(balance!.results[0]?.available ?? 0),
    pending_cents: Number(pending!.results[0]?.pending ?? 0),
    pending_jobs: Number(pending!.results[0]?.jobs ?? 0),
    next_payout_at: paused ? null : nextPayoutAt(now),
    payouts_paused: paused,
    instant_payout_enabled: !!vendor!.results[0]?.instant_payout_enabled,
    instant_fee: { bps: PAYOUT_RULES.instantFeeBps, min_cents: PAYOUT_RULES.instantFeeMinCents },
    account: account
      ? {
          status: account.status,
          payouts_enabled: account.payouts_enabled,
          charges_enabled: account.charges_enabled,
          details_submitted: account.details_submitted,
          requirements_due: account.requirements_due,
          disabled_reason: account.disabled_reason,
          provider: account.provider,
        }
      : null,
    jobs: jobs!.results.map((j) => {
      const l = byJob.get(Number(j.service_order_id)) ?? {};
      const price = Number(j.price_cents);
      const payout = Number(j.vendor_payout_cents);
      const earned = (l.job ?? 0) + (l.tip ?? 0) + (l.add_charge ?? 0) + (l.adjustment ?? 0) + (l.dispute ?? 0);
      return {
        service_order_id: Number(j.service_order_id),
        description: String(j.description),
        completed_at: Number(j.completion_time ?? j.promised_arrival_time),
        price_cents: price,
        commission_cents: commissionCents(price, payout),
        job_cents: l.job ?? 0,
        tip_cents: l.tip ?? 0,
        add_charge_cents: l.add_charge ?? 0,
        adjustment_cents: l.adjustment ?? 0,
        dispute_cents: l.dispute ?? 0,
        refund_cents: Number(j.refund_cents ?? 0),
        earned_cents: earned,
        paid_out: !!l.paid,
      };
    }),
    redemptions: redemptions.results.map((r) => ({
      redemption_id: Number(r.redemption_id),
      name: String(r.name),
      client_name: String(r.client_name ?? ""),
      price_cents: Number(r.price_cents),
      vendor_cents: Number(r.vendor_cents),
      created_at: Number(r.created_at),
    })),
  };
}

export type { PayoutView };

function payoutView(r: Row): PayoutView {
  return {
    payout_id: Number(r.payout_id),
    kind: r.kind as PayoutView["kind"],
    status: r.status as PayoutView["status"],
    amount_cents: Number(r.amount_cents),
    fee_cents: Number(r.fee_cents),
    period_start: r.period_start == null ? null : Number(r.period_start),
    created_at: Number(r.created_at),
    paid_at: r.paid_at == null ? null : Number(r.paid_at),
    lines: Number(r.lines ?? 0),
  };
}

/** Paid-out history, newest first, PAYOUT_RULES.historyPageSize a page (page 1 first). */
export async function payHistory(d1: D1Database, vendorId: number, page: number): Promise<PayoutView[]> {
  const size = PAYOUT_RULES.historyPageSize;
  const rows = await d1
    .prepare(
      `SELECT p.*, (SELECT count(*) FROM vendor_earnings e WHERE e.payout_id = p.payout_id) AS lines
       FROM payouts p WHERE p.vendor_id = ? AND p.status IN ('paid', 'pending')
       ORDER BY p.created_at DESC, p.payout_id DESC LIMIT ? OFFSET ?`,
    )
    .bind(vendorId, size, (page - 1) * size)
    .all<Row>();
  return rows.results.map(payoutView);
}

/**
 * Claims the unpaid lines (up to `maxEarningId`, and created before `before` when given) into one payout row
 * keyed `key`, in one batch. Concurrent callers with the same key get the same row; lines claimed by
 * another payout are not claimed twice. Answers the row (null when nothing was worth paying).
 */
async function claim(
  d1: D1Database,
  input: {
    vendorId: number;
    key: string;
    kind: "instant" | "standard";
    maxEarningId: number;
    before: number | null;
    periodStart: number | null;
    now: number;
  },
): Promise<Row | null> {
  const { vendorId, key, now } = input;
  const scope = "vendor_id = ?1 AND payout_id IS NULL AND earning_id <= ?2 AND (?3 IS NULL OR created_at < ?3)";
  const fee =
    input.kind === "instant"
      ? `max(${PAYOUT_RULES.instantFeeMinCents}, (s * ${PAYOUT_RULES.instantFeeBps} + 5000) / 10000)`
      : "0";
  const [, , row] = await d1.batch<Row>([
    d1
      .prepare(
        `INSERT INTO payouts (vendor_id, amount_cents, fee_cents, kind, status, idempotency_key, created_at, period_start)
         SELECT ?1, s - ${fee}, ${fee}, ?4, 'pending', ?5, ?6, ?7
         FROM (SELECT coalesce(sum(amount_cents), 0) AS s FROM vendor_earnings WHERE ${scope})
         WHERE s - ${fee} >= ?8
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        vendorId,
        input.maxEarningId,
        input.before,
        input.kind,
        key,
        now,
        input.periodStart,
        PAYOUT_RULES.minPayoutCents,
      ),
    d1
      .prepare(
        `UPDATE vendor_earnings SET payout_id = (SELECT payout_id FROM payouts WHERE idempotency_key = ?4 AND created_at = ?5)
         WHERE ${scope} AND EXISTS (SELECT 1 FROM payouts WHERE idempotency_key = ?4 AND created_at = ?5 AND status = 'pending')`,
      )
      .bind(vendorId, input.maxEarningId, input.before, key, now),
    d1.prepare("SELECT * FROM payouts WHERE idempotency_key = ?").bind(key),
  ]);
  return row!.results[0] ?? null;
}

/**
 * Sends a pending payout's transfer (key derived from the payout row) and records the answer. A refused
 * transfer fails the payout and gives its lines back to the balance, in one batch; the payout's key is
 * retired so a later attempt makes a new payout.
 */
async function settle(d1: D1Database, port: PaymentsPort, payout: Row, accountId: string, now: number): Promise<Row> {
  if (payout.status !== "pending") return payout;
  const id = Number(payout.payout_id);
  try {
    const transfer = await port.createTransfer({
      account_id: accountId,
      amount_cents: Number(payout.amount_cents),
      idempotency_key: `transfer:payout:${id}`,
      description: `Payout ${id}`,
    });
    const done = await d1
      .prepare(
        `UPDATE payouts SET status = 'paid', transfer_ref = ?2, paid_at = coalesce(paid_at, ?3)
         WHERE payout_id = ?1 RETURNING *`,
      )
      .bind(id, transfer.id, now)
      .first<Row>();
    return done ?? payout;
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    await d1.batch([
      d1
        .prepare(
          `UPDATE payouts SET status = 'failed', failure_reason = ?2, idempotency_key = idempotency_key || ':failed:' || payout_id
           WHERE payout_id = ?1 AND status = 'pending'`,
        )
        .bind(id, err.code),
      d1.prepare("UPDATE vendor_earnings SET payout_id = NULL WHERE payout_id = ?").bind(id),
    ]);
    return { ...payout, status: "failed", failure_reason: err.code };
  }
}

async function payoutGate(d1: D1Database, vendorId: number) {
  const vendor = await d1
    .prepare("SELECT status, payouts_paused FROM vendors WHERE vendor_id = ?")
    .bind(vendorId)
    .first<{ status: string; payouts_paused: number }>();
  // Terminated pros' payouts are paused (docs/product.md section 4), as are those staff paused.
  if (!vendor || vendor.status === "terminated" || vendor.payouts_paused) {
    return { ok: false as const, why: "paused" as const };
  }
  const account = await accountOf(d1, vendorId);
  if (!account || !account.payouts_enabled) return { ok: false as const, why: "no_account" as const };
  return { ok: true as const, account };
}

/** POST /vendor/instant-transfer: the whole available balance now, less the instant fee. */
export async function instantTransfer(
  d1: D1Database,
  port: PaymentsPort,
  vendorId: number,
  now: number,
): Promise<PayoutView> {
  const gate = await payoutGate(d1, vendorId);
  if (!gate.ok) fail(gate.why === "paused" ? "PAYOUTS_PAUSED" : "PAYOUT_ACCOUNT_REQUIRED");
  // Instant payouts are an opt-in (vendors.instant_payout_enabled): the pro accepts the fee once.
  const optIn = await d1
    .prepare("SELECT instant_payout_enabled AS on_ FROM vendors WHERE vendor_id = ?")
    .bind(vendorId)
    .first<{ on_: number }>();
  if (!optIn?.on_) fail("INSTANT_PAYOUT_NOT_ENABLED");
  await syncJobEarnings(d1, vendorId, now);
  const top = await d1
    .prepare(
      "SELECT max(earning_id) AS max_id, coalesce(sum(amount_cents), 0) AS total FROM vendor_earnings WHERE vendor_id = ? AND payout_id IS NULL",
    )
    .bind(vendorId)
    .first<{ max_id: number | null; total: number }>();
  const key = top?.max_id ? `payout:v${vendorId}:instant:e${top.max_id}` : null;
  let payout: Row | null = null;
  if (key && top!.total - instantFeeCents(top!.total) >= PAYOUT_RULES.minPayoutCents) {
    payout = await claim(d1, {
      vendorId,
      key,
      kind: "instant",
      maxEarningId: top!.max_id!,
      before: null,
      periodStart: null,
      now,
    });
  }
  if (!payout && key) {
    // Another request of the same storm may have made it already.
    payout = await d1.prepare("SELECT * FROM payouts WHERE idempotency_key = ?").bind(key).first<Row>();
  }
  if (!payout) fail("PAYOUT_NOTHING_AVAILABLE");
  const settled = await settle(d1, port, payout, gate.account.account_id, now);
  if (settled.status === "failed") fail("PAYOUT_FAILED");
  return payoutView(settled);
}

/**
 * The weekly payout of one pro for the last closed period (cron item "payout"): the lines created before the
 * period's end that no payout has claimed. One payout per pro and period (payouts_vendor_period_uq).
 */
export async function scheduledPayout(
  d1: D1Database,
  port: PaymentsPort,
  vendorId: number,
  periodStart: number,
  now: number,
): Promise<{ outcome: "paid" | "failed" | "paused" | "no_account" | "nothing"; payout?: PayoutView }> {
  const gate = await payoutGate(d1, vendorId);
  if (!gate.ok) return { outcome: gate.why };
  const periodEnd = periodStart + 7 * 24 * 60 * 60 * 1000;
  await syncJobEarnings(d1, vendorId, now);
  const top = await d1
    .prepare(
      "SELECT max(earning_id) AS max_id FROM vendor_earnings WHERE vendor_id = ? AND payout_id IS NULL AND created_at < ?",
    )
    .bind(vendorId, periodEnd)
    .first<{ max_id: number | null }>();
  const key = `payout:v${vendorId}:week:${new Date(periodStart).toISOString().slice(0, 10)}`;
  let payout: Row | null = null;
  if (top?.max_id) {
    payout = await claim(d1, {
      vendorId,
      key,
      kind: "standard",
      maxEarningId: top.max_id,
      before: periodEnd,
      periodStart,
      now,
    });
  }
  payout ??= await d1
    .prepare("SELECT * FROM payouts WHERE vendor_id = ? AND period_start = ?")
    .bind(vendorId, periodStart)
    .first<Row>();
  if (!payout) return { outcome: "nothing" };
  const settled = await settle(d1, port, payout, gate.account.account_id, now);
  return { outcome: settled.status === "paid" ? "paid" : "failed", payout: payoutView(settled) };
}

/** The pros with something to pay for the last closed period (the cron's payout batch). */
export async function vendorsDueForPayout(
  d1: D1Database,
  now: number,
): Promise<{ vendorIds: number[]; periodStart: number }> {
  const period = lastClosedPeriod(now);
  await syncJobEarnings(d1, null, now);
  const rows = await d1
    .prepare(
      `SELECT e.vendor_id FROM vendor_earnings e
       JOIN connected_accounts a ON a.vendor_id = e.vendor_id AND a.status <> 'deleted' AND a.payouts_enabled = 1
       JOIN vendors v ON v.vendor_id = e.vendor_id AND v.status <> 'terminated' AND v.payouts_paused = 0
       WHERE e.payout_id IS NULL AND e.created_at < ?1
         AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.vendor_id = e.vendor_id AND p.period_start = ?2)
       GROUP BY e.vendor_id HAVING sum(e.amount_cents) >= ?3`,
    )
    .bind(period.end, period.start, PAYOUT_RULES.minPayoutCents)
    .all<{ vendor_id: number }>();
  return { vendorIds: rows.results.map((r) => r.vendor_id), periodStart: period.start };
}
