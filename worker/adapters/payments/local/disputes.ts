import { and, eq, inArray, sql } from "drizzle-orm";
import { localDisputes, localPaymentMethods } from "../../../../schema/tables/payments";
import { PaymentsError, type DisputeEvidence, type DisputeState, type PaymentsPort } from "../port";
import { signWebhookPayload } from "../signature";
import { type IntentRow, type LocalPaymentsOptions, localId, missing } from "./shared";

/**
 * Disputes of the embedded payments adapter (docs/decisions/148-disputes.md), like Stripe's test card
 * 4000 0000 0000 0259: the charge succeeds, then the cardholder's bank opens a dispute (fraudulent, the whole
 * amount, evidence due in 7 days). Each change is announced as Stripe announces it, a signed charge.dispute.*
 * event handed to `opts.deliver` (the webhook's own receiver): created and funds_withdrawn when it opens, updated
 * when evidence is submitted, closed (and funds_reinstated when won) when it is settled. Settling is the local
 * processor's test surface only (the test entry); in Stripe mode the bank decides.
 */

type DisputeRow = typeof localDisputes.$inferSelect;

/** Stripe gives 7 to 21 days; the local processor uses 7. */
export const LOCAL_DISPUTE_EVIDENCE_DAYS = 7;

function disputeObject(row: DisputeRow) {
  return {
    id: row.id,
    object: "dispute",
    amount: row.amount_cents,
    currency: "usd",
    charge: `ch_local_${row.payment_intent_id.replace(/^pi_local_/, "")}`,
    payment_intent: row.payment_intent_id,
    reason: row.reason,
    status: row.status,
    created: Math.floor(row.created_at / 1000),
    evidence_details: {
      due_by: Math.floor(row.due_by / 1000),
      has_evidence: row.evidence !== null,
      submission_count: row.evidence_submitted_at === null ? 0 : 1,
    },
  };
}

async function signedEvent(opts: LocalPaymentsOptions, row: DisputeRow, type: string) {
  const event = {
    // One id per change and type: the same change announced twice is the same event (applied once).
    id: `evt_local_${row.id}_${row.version}_${type.slice("charge.dispute.".length)}`,
    object: "event",
    type,
    created: Math.floor(row.updated_at / 1000),
    data: { object: disputeObject(row) },
  };
  const payload = JSON.stringify(event);
  return { payload, signature: await signWebhookPayload(payload, opts.webhookSecret, Math.floor(opts.now / 1000)) };
}

async function announce(opts: LocalPaymentsOptions, row: DisputeRow, types: string[]): Promise<void> {
  if (!opts.deliver) return;
  for (const type of types) {
    const { payload, signature } = await signedEvent(opts, row, type);
    await opts.deliver(payload, signature);
  }
}

function toState(row: DisputeRow): DisputeState {
  return {
    id: row.id,
    payment_intent_id: row.payment_intent_id,
    amount_cents: row.amount_cents,
    status: row.status,
    reason: row.reason,
    due_by: row.due_by,
    evidence_submitted: row.evidence_submitted_at !== null,
  };
}

/** Opens the dispute of a charge paid with the disputing test card, once (called when an intent succeeds). */
export async function openLocalDisputeIfCard(opts: LocalPaymentsOptions, intent: IntentRow): Promise<void> {
  if (!intent.payment_method_id) return;
  const { db, now } = opts;
  const [card] = await db
    .select({ outcome: localPaymentMethods.outcome })
    .from(localPaymentMethods)
    .where(eq(localPaymentMethods.id, intent.payment_method_id));
  if (card?.outcome !== "dispute") return;
  const [row] = await db
    .insert(localDisputes)
    .values({
      id: localId("dp_local"),
      payment_intent_id: intent.id,
      amount_cents: intent.amount_cents,
      status: "needs_response",
      reason: "fraudulent",
      due_by: now + LOCAL_DISPUTE_EVIDENCE_DAYS * 86_400_000,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing({ target: localDisputes.payment_intent_id })
    .returning();
  if (row) await announce(opts, row, ["charge.dispute.created", "charge.dispute.funds_withdrawn"]);
}

export function localDisputesApi(
  opts: LocalPaymentsOptions,
): Pick<PaymentsPort, "submitDisputeEvidence" | "retrieveDispute" | "settleLocalDispute"> {
  const { db, now } = opts;
  const rowOf = async (id: string): Promise<DisputeRow> => {
    const [row] = await db.select().from(localDisputes).where(eq(localDisputes.id, id));
    if (!row) throw missing("dispute", id);
    return row;
  };

  return {
    async retrieveDispute(id) {
      return toState(await rowOf(id));
    },

    async submitDisputeEvidence(id, evidence: DisputeEvidence) {
      const [updated] = await db
        .update(localDisputes)
        .set({
          status: sql`CASE WHEN ${localDisputes.status} = 'warning_needs_response' THEN 'warning_under_review' ELSE 'under_review' END`,
          evidence: JSON.stringify(evidence),
          evidence_submitted_at: now,
          version: sql`${localDisputes.version} + 1`,
          updated_at: now,
        })
        .where(
          and(eq(localDisputes.id, id), inArray(localDisputes.status, ["needs_response", "warning_needs_response"])),
        )
        .returning();
      if (!updated) {
        const row = await rowOf(id);
        throw new PaymentsError(
          "dispute_unexpected_state",
          `This dispute has a status of ${row.status} and no longer takes evidence.`,
          { http_status: 400 },
        );
      }
      await announce(opts, updated, ["charge.dispute.updated"]);
      return toState(updated);
    },

    async settleLocalDispute(id, outcome) {
      const [updated] = await db
        .update(localDisputes)
        .set({ status: outcome, version: sql`${localDisputes.version} + 1`, updated_at: now })
        .where(and(eq(localDisputes.id, id), inArray(localDisputes.status, ["needs_response", "under_review"])))
        .returning();
      if (!updated) {
        const row = await rowOf(id);
        if (row.status === outcome) return toState(row);
        throw new PaymentsError("dispute_unexpected_state", `This dispute is already ${row.status}.`, {
          http_status: 400,
        });
      }
      await announce(
        opts,
        updated,
        outcome === "won" ? ["charge.dispute.closed", "charge.dispute.funds_reinstated"] : ["charge.dispute.closed"],
      );
      return toState(updated);
    },
  };
}
