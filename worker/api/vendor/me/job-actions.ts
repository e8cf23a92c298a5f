import { Hono } from "hono";
import * as v from "valibot";
import { MAX_JOB_VIDEO_BYTES } from "../../../../domain/job-actions";
import {
  AddChargeBody,
  CompleteJobBody,
  JobId,
  JobRef,
  RefundBody,
  ReleaseJobBody,
  UnreachableForm,
} from "../../../../schema/payloads/job-actions";
import { paymentsFromEnv } from "../../../adapters/payments";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { parseOrFail, validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { jobActionsView } from "../../../jobs/actions-view";
import { completeJob, validateCompletion } from "../../../jobs/completion";
import { requestContactInfo } from "../../../jobs/contact";
import { addCharge, issueRefund } from "../../../jobs/money";
import { releaseJob } from "../../../jobs/release";
import { recordUnreachable } from "../../../jobs/unreachable";
import { vendorJob } from "../../../jobs/vendor-job";
import { readForm } from "./job-photos";

/**
 * The pro's actions on one of their accepted jobs (issue 10; docs/product.md section 7 "Vendor"). Handlers are thin:
 * the rules live in domain/job-actions.ts and the work in worker/jobs/*. Mounted at /vendor/me; every route
 * checks the vendor role and answers NOT_FOUND for a job that is not the pro's.
 */
export const vendorJobActionsApi = new Hono<AppEnv>()
  /** Everything the job-actions panel shows: the job, its pictures, the checklist, money moved, what is allowed now. */
  .get("/jobs/:id/actions", requireVendor, validate("param", v.object({ id: JobId })), async (c) => {
    const { id } = c.req.valid("param");
    const data = await jobActionsView(c.get("db"), viewerOf(c).vendor_id!, id, c.get("now"));
    return c.json({ data });
  })

  /** { service_order_id, checklist? }: what is missing before completing (errors as the completion would answer). */
  .post("/complete-job-validate", requireVendor, validate("json", CompleteJobBody), async (c) => {
    const body = c.req.valid("json");
    const data = await validateCompletion(c.get("db"), viewerOf(c).vendor_id!, body, c.get("now"));
    return c.json({ data });
  })

  /** { service_order_id, checklist }: closes the job, releases the pro's pay, asks the customer to rate. */
  .post("/job/complete", requireVendor, validate("json", CompleteJobBody), async (c) => {
    const body = c.req.valid("json");
    const viewer = viewerOf(c);
    const db = c.get("db");
    const job = await vendorJob(db, viewer.vendor_id!, body.service_order_id);
    const data = await completeJob(
      c.env,
      db,
      { vendorId: viewer.vendor_id!, userId: viewer.user_id, name: job.vendor_name ?? viewer.name },
      body,
      new URL(c.req.url).origin,
      c.get("now"),
    );
    return c.json({ data, message: data.message });
  })

  /** { service_order_id, amount_cents?, reason, idempotencyKey } */
  .post("/issue-refund", requireVendor, validate("json", RefundBody), async (c) => {
    const body = c.req.valid("json");
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const data = await issueRefund(
      c.env,
      db,
      () => paymentsFromEnv(c.env, db, now),
      { vendorId: viewer.vendor_id!, userId: viewer.user_id },
      body,
      now,
    );
    return c.json({ data, message: data.message });
  })

  /** { service_order_id, amount_cents, description, idempotencyKey } */
  .post("/add-charge", requireVendor, validate("json", AddChargeBody), async (c) =>
    addChargeRoute(c, c.req.valid("json"), false),
  )
  .post("/add-charge-connect", requireVendor, validate("json", AddChargeBody), async (c) =>
    addChargeRoute(c, c.req.valid("json"), true),
  )

  /** Form data: service_order_id, file (the video), note? */
  .post("/customer-unreachable", requireVendor, async (c) => {
    const { fields, file } = await readForm(c, MAX_JOB_VIDEO_BYTES);
    const input = parseOrFail(UnreachableForm, fields);
    if (!file) fail("INVALID_INPUT", { file: "Add the video you recorded at the address." });
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const job = await vendorJob(db, viewer.vendor_id!, input.service_order_id);
    const data = await recordUnreachable(
      c.env,
      db,
      () => paymentsFromEnv(c.env, db, now),
      { vendorId: viewer.vendor_id!, userId: viewer.user_id, name: job.vendor_name ?? viewer.name },
      { service_order_id: input.service_order_id, note: input.note, video: file },
      now,
    );
    return c.json({ data, message: data.message });
  })

  /** { service_order_id, reason?, note? }: the pro cannot make it; the job is offered to other pros. */
  .post("/emergency-reschedule", requireVendor, validate("json", ReleaseJobBody), async (c) =>
    releaseRoute(c, c.req.valid("json"), "emergency_reschedule"),
  )
  /** { service_order_id, reason?, note? }: no penalty when the reason is unsafe or customer_request. */
  .post("/cannot-provide-service", requireVendor, validate("json", ReleaseJobBody), async (c) =>
    releaseRoute(c, c.req.valid("json"), "cannot_provide"),
  )

  /** { service_order_id } */
  .post("/request-contact-info", requireVendor, validate("json", JobRef), async (c) => {
    const body = c.req.valid("json");
    const viewer = viewerOf(c);
    const db = c.get("db");
    const job = await vendorJob(db, viewer.vendor_id!, body.service_order_id);
    const data = await requestContactInfo(
      c.env,
      db,
      { vendorId: viewer.vendor_id!, name: job.vendor_name ?? viewer.name, phone: job.vendor_phone },
      job,
      c.get("now"),
    );
    return c.json({ data, message: data.message });
  });

async function addChargeRoute(
  c: import("hono").Context<AppEnv>,
  body: v.InferOutput<typeof AddChargeBody>,
  connect: boolean,
) {
  const viewer = viewerOf(c);
  const db = c.get("db");
  const now = c.get("now");
  const job = await vendorJob(db, viewer.vendor_id!, body.service_order_id);
  const data = await addCharge(
    c.env,
    db,
    () => paymentsFromEnv(c.env, db, now),
    { vendorId: viewer.vendor_id!, userId: viewer.user_id, name: job.vendor_name ?? viewer.name },
    { ...body, connect },
    new URL(c.req.url).origin,
    now,
  );
  return c.json({ data, message: data.message });
}

async function releaseRoute(
  c: import("hono").Context<AppEnv>,
  body: v.InferOutput<typeof ReleaseJobBody>,
  kind: "emergency_reschedule" | "cannot_provide",
) {
  const viewer = viewerOf(c);
  const db = c.get("db");
  const job = await vendorJob(db, viewer.vendor_id!, body.service_order_id);
  const data = await releaseJob(
    c.env,
    db,
    { vendorId: viewer.vendor_id!, name: job.vendor_name ?? viewer.name },
    { service_order_id: body.service_order_id, kind, reason: body.reason, note: body.note },
    c.get("now"),
  );
  return c.json({ code: 200, message: data.message, data });
}
