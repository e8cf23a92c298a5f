import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../domain/messages";
import { paymentsFromEnv } from "../../adapters/payments";
import { ListQuery, pageOf } from "../../admin/paging";
import { disputeDetail, listDisputes, submitEvidence } from "../../disputes/staff";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const DisputesQuery = v.object({
  page: ListQuery.entries.page,
  /** open (the default: soonest evidence due first), closed, or all. */
  state: v.optional(v.picklist(["open", "closed", "all"], "Send state=open, closed or all."), "open"),
});

/** A processor's dispute id (Stripe's dp_..., the local processor's dp_local_...). */
const DisputeParam = v.object({
  id: v.pipe(v.string(), v.regex(/^(dp|du)_[A-Za-z0-9_]{4,96}$/, "Not a dispute id.")),
});

const EvidenceBody = v.object({
  summary: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(20, "Say what was done at the visit (at least 20 characters)."),
    v.maxLength(2000, "Keep the summary under 2000 characters."),
  ),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(5000, "Keep the note under 5000 characters.")), ""),
});

/**
 * /api/admin/disputes: customers' card disputes (docs/decisions/148-disputes.md): the list (status, amount, reason,
 * evidence due), one dispute with the job, the pro and what speaks for the visit, and sending evidence to the
 * processor (audited; sent once per dispute).
 */
export const adminDisputesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", DisputesQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(pageOf(await listDisputes(c.env.DB, q.state, q.page), q.page));
  })
  .get("/:id", validate("param", DisputeParam), async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ data: await disputeDetail(c.env.DB, id) });
  })
  /** { summary, note? }: the evidence goes to the processor with the visit's photos, checklist and texts. */
  .post("/:id/evidence", validate("param", DisputeParam), validate("json", EvidenceBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const data = await submitEvidence(c.env.DB, db, () => paymentsFromEnv(c.env, db, now), {
      id,
      evidence: { summary: body.summary, note: body.note || undefined },
      actorUserId: viewerOf(c).user_id,
      origin: new URL(c.req.url).origin,
      now,
    });
    return c.json({
      data,
      code: "DISPUTE_EVIDENCE_SUBMITTED" as const,
      message: messageFor("DISPUTE_EVIDENCE_SUBMITTED"),
    });
  });
