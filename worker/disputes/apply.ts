import { sql, type SQL } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  CLOSED_DISPUTE_STATUSES,
  HELD_STATUSES,
  disputeProNotice,
  isDisputeStatus,
  proDisputeShareCents,
  splitByPrice,
  type DisputeStatus,
} from "../../domain/disputes";
import { centsToDecimal } from "../../domain/money";
import type { WebhookEvent } from "../adapters/payments/port";
import { d1Batch } from "../orders/d1-batch";
import { textProNotice } from "../vendors/notify-pro";

/**
 * charge.dispute.* events (docs/decisions/148-disputes.md): the dispute is kept in `disputes`, linked to the
 * payment intent and, from what the intent paid for, the job, the customer and the pro; the pro's share of the
 * disputed amount is held back from their pay while a chargeback is open or lost, and given back when it is won.
 *
 * One batch (one transaction) records the event id (webhook_events: a redelivery changes nothing) and makes every
 * change. Ordering: the dispute row moves only to a later stage from a newer event (a closed dispute never
 * moves), checked in the upsert's WHERE; the pay lines then follow the row's state in the same batch (held when
 * it is needs_response, under_review or lost; given back once won, only if it was held), each keyed by a unique
 * ref, so any order or repetition of events leaves the same lines.
 */

export const DISPUTE_EVENT_TYPES = [
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.funds_reinstated",
] as const;

export function isDisputeEvent(type: string): boolean {
  return (DISPUTE_EVENT_TYPES as readonly string[]).includes(type);
}

type Obj = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const idOf = (value: unknown): string | null => str(value) ?? str((value as Obj | null)?.id);

export interface DisputeReport {
  id: string;
  payment_intent_id: string;
  charge_id: string | null;
  amount_cents: number;
  status: DisputeStatus;
  reason: string;
  due_by: number | null;
}

/** The dispute an event is about, or null when the object is not one we can read (acknowledged, not applied). */
export function disputeReportOf(object: Obj): DisputeReport | null {
  const id = str(object.id);
  const pi = idOf(object.payment_intent);
  const amount = num(object.amount);
  const status = object.status;
  if (!id || !pi || amount === null || !Number.isSafeInteger(amount) || amount < 0 || !isDisputeStatus(status)) {
    return null;
  }
  const due = num((object.evidence_details as Obj | null | undefined)?.due_by);
  return {
    id,
    payment_intent_id: pi,
    charge_id: idOf(object.charge),
    amount_cents: amount,
    status,
    reason: str(object.reason) ?? "general",
    due_by: due === null ? null : due * 1000,
  };
}

/** One job's part of a disputed charge and the pro who did it. */
interface JobPart {
  service_order_id: number;
  vendor_id: number;
  share_cents: number;
  what: string;
}

interface Links {
  user_id: number | null;
  service_order_id: number | null;
  vendor_id: number | null;
  parts: JobPart[];
}

/** What the disputed charge paid for, from its intent's purpose and ref. */
async function linksOf(d1: D1Database, report: DisputeReport): Promise<Links> {
  const intent = await d1
    .prepare("SELECT user_id, purpose, ref FROM payment_intents WHERE id = ?1")
    .bind(report.payment_intent_id)
    .first<{ user_id: number | null; purpose: string; ref: string }>();
  const none: Links = { user_id: intent?.user_id ?? null, service_order_id: null, vendor_id: null, parts: [] };
  if (!intent) return none;
  type JobRow = { service_order_id: number; vendor_id: number | null; price_cents: number; what: string | null };
  const jobsWhere = async (where: string, bind: unknown): Promise<JobRow[]> =>
    (
      await d1
        .prepare(
          `SELECT so.service_order_id, so.vendor_id, so.price_cents, s.description AS what
           FROM service_orders so LEFT JOIN services s ON s.service_id = so.service_id
           WHERE ${where} ORDER BY so.service_order_id`,
        )
        .bind(bind)
        .all<JobRow>()
    ).results;
  let jobs: JobRow[] = [];
  let tip = false;
  const tail = (prefix: string) => (intent.ref.startsWith(prefix) ? Number(intent.ref.slice(prefix.length)) : NaN);
  if (intent.purpose === "order" && /^\d+$/.test(intent.ref)) {
    jobs = await jobsWhere("so.order_id = ?1", Number(intent.ref));
  } else if (intent.purpose === "tip" && /^\d+$/.test(intent.ref)) {
    tip = true;
    jobs = await jobsWhere("so.service_order_id = ?1", Number(intent.ref));
  } else if (intent.purpose === "add_charge" && Number.isSafeInteger(tail("job_adjustment:"))) {
    jobs = await jobsWhere(
      "so.service_order_id = (SELECT service_order_id FROM job_adjustments WHERE adjustment_id = ?1)",
      tail("job_adjustment:"),
    );
  } else if (intent.purpose === "staff_charge" && Number.isSafeInteger(tail("staff_charge:"))) {
    jobs = await jobsWhere(
      "so.service_order_id = (SELECT service_order_id FROM staff_charges WHERE staff_charge_id = ?1)",
      tail("staff_charge:"),
    );
  }
  if (jobs.length === 0) return none;
  const amounts = splitByPrice(
    report.amount_cents,
    jobs.map((j) => j.price_cents),
  );
  const parts = jobs.flatMap((j, i): JobPart[] =>
    j.vendor_id === null
      ? []
      : [
          {
            service_order_id: j.service_order_id,
            vendor_id: j.vendor_id,
            share_cents: proDisputeShareCents({ disputed_cents: amounts[i]!, tip }),
            what: j.what ?? "a job",
          },
        ],
  );
  return {
    user_id: intent.user_id,
    service_order_id: jobs[0]!.service_order_id,
    vendor_id: jobs[0]!.vendor_id,
    parts: parts.filter((p) => p.share_cents > 0),
  };
}

const stageSql = (column: SQL): SQL =>
  sql`(CASE ${column} WHEN 'warning_needs_response' THEN 0 WHEN 'warning_under_review' THEN 1 WHEN 'needs_response' THEN 2 WHEN 'under_review' THEN 3 ELSE 4 END)`;

const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function noticeKey(disputeId: string, kind: string, soid: number): string {
  return `dispute:${disputeId}:${kind}:${soid}`;
}

/**
 * Applies a charge.dispute.* event once (the caller's webhook_events check already found it new; a concurrent
 * duplicate loses the insert and the whole batch). Answers "duplicate" when the id was recorded meanwhile.
 */
export async function applyDisputeEvent(
  env: Env,
  db: DrizzleD1Database,
  provider: "local" | "stripe",
  event: WebhookEvent,
  now: number,
): Promise<"applied" | "duplicate"> {
  const d1 = env.DB;
  const record = sql`INSERT INTO webhook_events (id, provider, type, received_at) VALUES (${event.id}, ${provider}, ${event.type}, ${now})`;
  const report = disputeReportOf(event.object);
  if (!report) {
    await d1Batch(d1, [record]);
    return "applied";
  }
  const at = event.created ?? now;
  const links = await linksOf(d1, report);
  const id = report.id;
  const closed = inList(CLOSED_DISPUTE_STATUSES);
  const held = inList(HELD_STATUSES);
  const statements: SQL[] = [record];
  // Funds: withdrawn or reinstated, from an event not older than the one applied.
  if (event.type === "charge.dispute.funds_withdrawn" || event.type === "charge.dispute.funds_reinstated") {
    statements.push(
      sql`UPDATE disputes SET funds_withdrawn = ${event.type === "charge.dispute.funds_withdrawn" ? 1 : 0}, updated_at = ${now}
        WHERE id = ${id} AND event_at <= ${at}`,
    );
  }
  statements.push(
    sql`INSERT INTO disputes (id, provider, payment_intent_id, charge_id, service_order_id, user_id, vendor_id, amount_cents,
        status, reason, due_by, funds_withdrawn, event_at, created_at, updated_at)
      VALUES (${id}, ${provider}, ${report.payment_intent_id}, ${report.charge_id}, ${links.service_order_id}, ${links.user_id},
        ${links.vendor_id}, ${report.amount_cents}, ${report.status}, ${report.reason}, ${report.due_by},
        ${event.type === "charge.dispute.funds_withdrawn" ? 1 : 0}, ${at}, ${now}, ${now})
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, amount_cents = excluded.amount_cents,
        reason = excluded.reason, due_by = excluded.due_by, event_at = excluded.event_at, updated_at = excluded.updated_at
      WHERE disputes.status NOT IN (${closed}) AND disputes.event_at <= excluded.event_at
        AND ${stageSql(sql`excluded.status`)} >= ${stageSql(sql`disputes.status`)}`,
    // Links found later (the job written after the charge) are filled in; never replaced.
    sql`UPDATE disputes SET service_order_id = coalesce(service_order_id, ${links.service_order_id}),
        vendor_id = coalesce(vendor_id, ${links.vendor_id}), user_id = coalesce(user_id, ${links.user_id})
      WHERE id = ${id} AND (service_order_id IS NULL OR user_id IS NULL)`,
  );
  for (const part of links.parts) {
    const holdRef = `dispute:${id}:${part.service_order_id}:hold`;
    const restoreRef = `dispute:${id}:${part.service_order_id}:restore`;
    const amountText = `$${centsToDecimal(part.share_cents)}`;
    const notice = (kind: "held" | "restored" | "lost", guard: SQL) => {
      const text = disputeProNotice(kind, { amountText, what: part.what });
      return sql`INSERT OR IGNORE INTO notifications (vendor_id, persistence, severity, message, timestamp, dedupe_key)
        SELECT ${part.vendor_id}, 0, ${text.severity}, ${text.message}, ${now}, ${noticeKey(id, kind, part.service_order_id)}
        WHERE ${guard}`;
    };
    const isHeld = sql`EXISTS (SELECT 1 FROM disputes WHERE id = ${id} AND status IN (${held}))`;
    const isWon = sql`EXISTS (SELECT 1 FROM disputes WHERE id = ${id} AND status = 'won')`;
    const isLost = sql`EXISTS (SELECT 1 FROM disputes WHERE id = ${id} AND status = 'lost')`;
    const wasHeld = sql`EXISTS (SELECT 1 FROM vendor_earnings WHERE ref = ${holdRef})`;
    statements.push(
      sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
        SELECT ${part.vendor_id}, ${part.service_order_id}, 'dispute', ${-part.share_cents}, ${holdRef}, ${now}
        WHERE ${isHeld} ON CONFLICT (ref) DO NOTHING`,
      notice("held", wasHeld),
      sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
        SELECT ${part.vendor_id}, ${part.service_order_id}, 'dispute', -amount_cents, ${restoreRef}, ${now}
        FROM vendor_earnings WHERE ref = ${holdRef} AND ${isWon} ON CONFLICT (ref) DO NOTHING`,
      notice("restored", sql`EXISTS (SELECT 1 FROM vendor_earnings WHERE ref = ${restoreRef})`),
      notice("lost", sql`${isLost} AND ${wasHeld}`),
    );
  }
  try {
    await d1Batch(d1, statements);
  } catch (error) {
    const seen = await d1.prepare("SELECT 1 FROM webhook_events WHERE id = ?1").bind(event.id).first();
    if (seen) return "duplicate";
    throw error;
  }
  for (const part of links.parts) {
    for (const kind of ["held", "restored", "lost"]) {
      await textProNotice(env, db, part.vendor_id, noticeKey(id, kind, part.service_order_id), now);
    }
  }
  return "applied";
}
