import type { DrizzleD1Database } from "drizzle-orm/d1";
import { isDisputeStatus, type DisputeStatus } from "../../domain/disputes";
import { JOB_CHECKLIST } from "../../domain/job-actions";
import type { StaffDisputeDetail, StaffDisputeRow } from "../../schema/contracts/disputes";
import { PaymentsError, type DisputeEvidence, type PaymentsPort } from "../adapters/payments/port";
import { newAuditedAction, runAudited } from "../admin/audit";
import { offsetOf, STAFF_PAGE_SIZE } from "../admin/paging";
import { fail } from "../http/errors";

/**
 * Staff's side of card disputes (docs/decisions/148-disputes.md): the list, one dispute with what speaks for the
 * visit (the job, the pro, photos, the checklist, the texts between pro and customer), and sending evidence to the
 * processor, audited like every staff action (worker/admin/audit.ts).
 */

const OPEN_FOR_EVIDENCE: readonly DisputeStatus[] = ["needs_response", "warning_needs_response"];
/** Texts around the visit that count as the conversation: from the booking to a week after the visit. */
const MESSAGES_AFTER_VISIT_MS = 7 * 86_400_000;
const MESSAGES_LIMIT = 50;

const ROW_SELECT = `SELECT d.id, d.status, d.amount_cents, d.reason, d.due_by, d.payment_intent_id, d.service_order_id,
    cu.name AS customer_name, v.display_name AS vendor_name, d.evidence_submitted_at, d.created_at
  FROM disputes d
  LEFT JOIN users cu ON cu.user_id = d.user_id
  LEFT JOIN vendors v ON v.vendor_id = d.vendor_id`;

export type DisputeFilter = "open" | "closed" | "all";

export async function listDisputes(d1: D1Database, filter: DisputeFilter, page: number): Promise<StaffDisputeRow[]> {
  const where =
    filter === "open"
      ? "WHERE d.status NOT IN ('won', 'lost', 'warning_closed')"
      : filter === "closed"
        ? "WHERE d.status IN ('won', 'lost', 'warning_closed')"
        : "";
  // Open disputes by the date evidence is due (soonest first); the others newest first.
  const order = filter === "open" ? "ORDER BY d.due_by IS NULL, d.due_by, d.id" : "ORDER BY d.created_at DESC, d.id";
  const { results } = await d1
    .prepare(`${ROW_SELECT} ${where} ${order} LIMIT ?1 OFFSET ?2`)
    .bind(STAFF_PAGE_SIZE + 1, offsetOf(page))
    .all<StaffDisputeRow>();
  return results;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export async function disputeDetail(d1: D1Database, id: string): Promise<StaffDisputeDetail> {
  const row = await d1
    .prepare(
      `${ROW_SELECT.replace("SELECT ", "SELECT d.funds_withdrawn, d.user_id, d.vendor_id, pi.purpose, cu.email AS customer_email, ")}
       LEFT JOIN payment_intents pi ON pi.id = d.payment_intent_id
       WHERE d.id = ?1`,
    )
    .bind(id)
    .first<
      StaffDisputeRow & {
        funds_withdrawn: number;
        user_id: number | null;
        vendor_id: number | null;
        purpose: string | null;
        customer_email: string | null;
      }
    >();
  if (!row || !isDisputeStatus(row.status)) fail("NOT_FOUND");
  const job = row.service_order_id
    ? await d1
        .prepare(
          `SELECT so.service_order_id, s.description AS service, so.promised_arrival_time, so.service_order_status_id AS status_id,
             so.address, so.completion_time AS completed_at, so.job_images, so.completion_checklist, so.created_at,
             cu.phone AS customer_phone, vu.phone AS vendor_phone
           FROM service_orders so
           LEFT JOIN services s ON s.service_id = so.service_id
           LEFT JOIN users cu ON cu.user_id = so.user_id
           LEFT JOIN vendors v ON v.vendor_id = so.vendor_id
           LEFT JOIN users vu ON vu.user_id = v.user_id
           WHERE so.service_order_id = ?1`,
        )
        .bind(row.service_order_id)
        .first<{
          service_order_id: number;
          service: string | null;
          promised_arrival_time: number;
          status_id: number;
          address: string | null;
          completed_at: number | null;
          job_images: string;
          completion_checklist: string | null;
          created_at: number;
          customer_phone: string | null;
          vendor_phone: string | null;
        }>()
    : null;
  const images = parseJson<Partial<Record<"before" | "after" | "testimonial", string[]>>>(job?.job_images ?? null, {});
  const photos = (["before", "after", "testimonial"] as const).flatMap((kind) =>
    (images[kind] ?? []).map((url) => ({ kind, url })),
  );
  const ticked = parseJson<{ items?: string[] }>(job?.completion_checklist ?? null, {}).items ?? [];
  const checklist = JOB_CHECKLIST.filter((item) => ticked.includes(item.id)).map((item) => item.label);
  const phones = [job?.customer_phone, job?.vendor_phone].filter((p): p is string => !!p);
  const messages =
    job && phones.length > 0
      ? (
          await d1
            .prepare(
              `SELECT "to", body, created_at FROM outbox
               WHERE channel = 'sms' AND "to" IN (${phones.map((_, i) => `?${i + 3}`).join(", ")})
                 AND created_at >= ?1 AND created_at <= ?2
               ORDER BY created_at, id LIMIT ${MESSAGES_LIMIT}`,
            )
            .bind(job.created_at, job.promised_arrival_time + MESSAGES_AFTER_VISIT_MS, ...phones)
            .all<{ to: string; body: string; created_at: number }>()
        ).results.map((m) => ({
          to: m.to === job.customer_phone ? ("customer" as const) : ("pro" as const),
          body: m.body,
          at: m.created_at,
        }))
      : [];
  const { results: payLines } = await d1
    .prepare(
      "SELECT vendor_id, amount_cents, ref, created_at FROM vendor_earnings WHERE ref LIKE ?1 ESCAPE '\\' ORDER BY earning_id",
    )
    .bind(`dispute:${id.replace(/[\\%_]/g, (ch) => `\\${ch}`)}:%`)
    .all<{ vendor_id: number; amount_cents: number; ref: string; created_at: number }>();
  const { funds_withdrawn, user_id, vendor_id, purpose, customer_email, ...base } = row;
  return {
    ...base,
    purpose,
    funds_withdrawn: funds_withdrawn === 1,
    may_submit: OPEN_FOR_EVIDENCE.includes(row.status) && row.evidence_submitted_at === null,
    job: job
      ? {
          service_order_id: job.service_order_id,
          service: job.service,
          promised_arrival_time: job.promised_arrival_time,
          status_id: job.status_id,
          address: job.address,
          completed_at: job.completed_at,
        }
      : null,
    vendor: vendor_id ? { vendor_id, name: row.vendor_name } : null,
    customer: user_id ? { user_id, name: row.customer_name, email: customer_email } : null,
    photos,
    checklist,
    messages,
    pay_lines: payLines,
  };
}

export interface EvidenceInput {
  /** Staff's account of the visit (what was done, when, how the customer agreed). */
  summary: string;
  /** Anything else staff want the bank to read. */
  note?: string;
}

/** What goes to the processor: staff's words, and the visit's facts from our records. */
export function evidenceOf(detail: StaffDisputeDetail, input: EvidenceInput, origin: string): DisputeEvidence {
  const facts: string[] = [];
  if (detail.job) {
    facts.push(
      `Service: ${detail.job.service ?? "at-home service"} at ${detail.job.address ?? "the customer's address"}.`,
    );
    if (detail.job.completed_at) facts.push(`Marked complete at ${new Date(detail.job.completed_at).toISOString()}.`);
  }
  if (detail.checklist.length > 0) facts.push(`Completion checklist: ${detail.checklist.join(" ")}`);
  if (detail.photos.length > 0) {
    facts.push(`Photos: ${detail.photos.map((p) => `${p.kind} ${new URL(p.url, origin).href}`).join(", ")}.`);
  }
  const conversation = detail.messages.map((m) => `[${new Date(m.at).toISOString()} to ${m.to}] ${m.body}`).join("\n");
  return {
    product_description: input.summary,
    ...(detail.job ? { service_date: new Date(detail.job.promised_arrival_time).toISOString().slice(0, 10) } : {}),
    ...(detail.customer?.name ? { customer_name: detail.customer.name } : {}),
    ...(detail.customer?.email ? { customer_email_address: detail.customer.email } : {}),
    uncategorized_text: [
      ...facts,
      input.note ?? "",
      conversation ? `Texts between the pro and the customer through our platform:\n${conversation}` : "",
    ]
      .filter(Boolean)
      .join("\n")
      .slice(0, 20_000),
  };
}

/**
 * Sends the evidence once: the processor's call carries a key derived from the dispute (a retry or a double click
 * is the same submission), then one audited batch marks the dispute (only the first time) and writes the audit row.
 */
export async function submitEvidence(
  d1: D1Database,
  _db: DrizzleD1Database,
  port: () => PaymentsPort,
  input: { id: string; evidence: EvidenceInput; actorUserId: number; origin: string; now: number },
): Promise<StaffDisputeDetail> {
  const detail = await disputeDetail(d1, input.id);
  if (!detail.may_submit) fail("DISPUTE_NOT_OPEN");
  const evidence = evidenceOf(detail, input.evidence, input.origin);
  try {
    await port().submitDisputeEvidence(input.id, evidence, `dispute:${input.id}:evidence`);
  } catch (error) {
    if (error instanceof PaymentsError && error.code === "dispute_unexpected_state") fail("DISPUTE_NOT_OPEN");
    throw error;
  }
  const op = newAuditedAction();
  await runAudited(
    d1,
    op,
    d1
      .prepare(
        "UPDATE disputes SET evidence_submitted_at = ?2, updated_at = ?2 WHERE id = ?1 AND evidence_submitted_at IS NULL",
      )
      .bind(input.id, input.now),
    {
      actorUserId: input.actorUserId,
      action: "dispute.submit_evidence",
      targetType: "dispute",
      targetId: input.id,
      reason: input.evidence.summary,
      before: { status: detail.status, evidence_submitted_at: null },
      after: { evidence_submitted_at: input.now },
      details: { amount_cents: detail.amount_cents, service_order_id: detail.service_order_id },
      now: input.now,
    },
  );
  return disputeDetail(d1, input.id);
}
