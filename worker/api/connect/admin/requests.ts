import type { ConnectRequestRow, ProOption } from "../../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { IdParam, pageOf, ReadMessage, ReasonBody } from "../../../admin/paging";
import { sendConnectInvoice } from "../../../connect/invoice";
import { acceptConnectProposal } from "../../../connect/propose";
import { reassignConnectRequest } from "../../../connect/reassign";
import {
  assignConnectRequest,
  cancelConnectRequest,
  listConnectRequests,
  offerConnectRequest,
  prosForRequest,
  releaseConnectRequest,
} from "../../../connect/staff-requests";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireConnectAdmin, viewerOf } from "../../../middleware/roles";
import { MAX_CENTS, NumberId } from "../../../../schema/payloads/bounds";

const QueueQuery = v.object({
  status: v.optional(v.picklist(["new", "assigned", "offered", "scheduled", "cancelled"]), "new"),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});
const ProposalBody = v.object({ reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))) });

const AssignBody = v.object({
  vendor_id: NumberId,
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
/** A reassign: the old pro reads `pro_message` (a default when empty); `reason` is the staff note. */
const ReassignBody = v.object({ ...AssignBody.entries, pro_message: ReadMessage });
/** Offering to several pros at once: 2 to 10 of them (docs/decisions/089). */
export const CONNECT_OFFER_MAX_PROS = 10;
const OfferBody = v.object({
  vendor_ids: v.pipe(
    v.array(NumberId),
    v.minLength(2, "Pick at least two pros (or assign one)."),
    v.maxLength(CONNECT_OFFER_MAX_PROS, `Pick at most ${CONNECT_OFFER_MAX_PROS} pros.`),
    v.check((ids) => new Set(ids).size === ids.length, "Pick each pro once."),
  ),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
const InvoiceBody = v.object({
  amount_cents: v.pipe(v.number(), v.integer("Send whole cents."), v.minValue(1), v.maxValue(MAX_CENTS)),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
  /** Send the same amount again as a new link (otherwise the same amount within 10 minutes is a duplicate). */
  resend: v.optional(v.boolean(), false),
});

/**
 * /api/connect/admin/requests: the queue of business requests (group 31 or any admin). Assigning gives the
 * request to an active pro who offers the service, whose range reaches it and who is free then (they are texted and see it on their side); cancelling
 * closes it. Both are audited like every staff action (worker/admin/audit.ts).
 */
export const connectAdminRequestsApi = new Hono<AppEnv>()
  .use(requireConnectAdmin)
  .get("/", validate("query", QueueQuery), async (c) => {
    const { status, page } = c.req.valid("query");
    const rows: ConnectRequestRow[] = await listConnectRequests(c.env.DB, status, page);
    return c.json(pageOf(rows, page));
  })
  /**
   * Pros who could take it: active, not soft-banned, offering the service (not restricted), whose range reaches
   * the address and who are free at its time (decision 123); nearest first, then the most experienced.
   */
  .get("/:id/pros", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const data: ProOption[] = await prosForRequest(c.env, c.get("db"), id, c.get("now"));
    return c.json({ data });
  })
  .post("/:id/assign", validate("param", IdParam), validate("json", AssignBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await assignConnectRequest(c.env, c.get("db"), {
      id,
      vendorId: body.vendor_id,
      reason: body.reason || null,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  /**
   * POST /:id/offer `{ vendor_ids, reason? }`: offers a new request to several pros at once; each is texted and
   * sees it on their side, the first to schedule it wins and the others find it no longer available.
   */
  .post("/:id/offer", validate("param", IdParam), validate("json", OfferBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await offerConnectRequest(c.env, c.get("db"), {
      id,
      vendorIds: body.vendor_ids,
      reason: body.reason || null,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  /**
   * POST /:id/release `{ reason }`: takes an assigned or offered request back to the queue (`new`), e.g. when
   * the pro can't make the time; the pro (or every pro it was offered to) is texted that it is no longer
   * available. A request a pro already scheduled is not released (409).
   */
  .post("/:id/release", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const data = await releaseConnectRequest(c.env, c.get("db"), {
      id,
      reason,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  /**
   * POST /:id/accept-proposal `{ reason? }`: the request moves to the time a pro proposed and is assigned to them
   * (docs/decisions/123); audited. 409 STAFF_ACTION_NOT_ALLOWED when there is no proposal or it changed.
   */
  .post("/:id/accept-proposal", validate("param", IdParam), validate("json", ProposalBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await acceptConnectProposal(c.env, c.get("db"), {
      id,
      reason: body.reason || null,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/cancel", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    // A scheduled request has a job on a pro's calendar: that job is cancelled with the staff job tools.
    const data = await cancelConnectRequest(c.env.DB, {
      id,
      reason,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  /**
   * POST /:id/reassign `{ vendor_id, reason? }`: hands a scheduled request (its job not started) to another pro who
   * is active, not soft-banned, offers the service and is free then (their calendar books it first); the old pro's
   * time is freed, both pros and the business are texted (worker/connect/reassign.ts; docs/decisions/112).
   * The same pro is 400, a pro not free 409 CONNECT_PRO_NOT_FREE, a request not scheduled (or its job started,
   * completed, cancelled) 409 STAFF_ACTION_NOT_ALLOWED.
   */
  .post("/:id/reassign", validate("param", IdParam), validate("json", ReassignBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await reassignConnectRequest(c.env, c.get("db"), {
      id,
      vendorId: body.vendor_id,
      reason: body.reason || null,
      proMessage: body.pro_message,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  /**
   * POST /:id/invoice `{ amount_cents, reason? }`: sets what the business pays for its scheduled request and
   * sends it a card pay link by text and email (worker/connect/invoice.ts; docs/decisions/087).
   */
  .post("/:id/invoice", validate("param", IdParam), validate("json", InvoiceBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await sendConnectInvoice(
      c.env,
      c.get("db"),
      viewerOf(c).user_id,
      { id, amount_cents: body.amount_cents, reason: body.reason || null, resend: body.resend },
      new URL(c.req.url).origin,
      c.get("now"),
    );
    return c.json({ data, code: "CONNECT_INVOICE_SENT" as const });
  });
