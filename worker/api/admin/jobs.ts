import type { StaffJob } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { paymentsFromEnv } from "../../adapters/payments";
import { IdParam, ListQuery, pageOf, ReadMessage, ReasonBody } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { rescheduleJob, staffJob, suspendJob } from "../../jobs/staff-job";
import { listStaffJobs, STAFF_JOB_FILTERS } from "../../jobs/staff-job-list";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const Fee = v.picklist(["waived", "assessed", "reduced"], "Choose waived, assessed or reduced.");

const JobsQuery = v.object({
  ...ListQuery.entries,
  status: v.optional(v.picklist(STAFF_JOB_FILTERS, "Choose a job state from the list."), ""),
});

/** The staff note (`reason`, audit log only) and what the customer and the pro read (optional, never the note). */
const JobActionBody = v.object({ ...ReasonBody.entries, customer_message: ReadMessage, pro_message: ReadMessage });

const SuspendBody = v.object({
  ...JobActionBody.entries,
  fee: Fee,
  /** Only with fee "reduced": the fee in cents, from $1.00 to less than the full reschedule fee. */
  fee_cents: v.optional(v.pipe(v.number(), v.integer("Whole cents only."), v.minValue(0), v.maxValue(1_000_000))),
});

const RescheduleBody = v.object({
  ...JobActionBody.entries,
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date.")),
  time: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Pick a time.")),
  fee: Fee,
});

/**
 * /api/admin/jobs: a job as staff see it, and the staff's reschedule and suspension (docs/product.md section 4 "Vendor
 * jobs": suspended with the fee waived, assessed or reduced; a reschedule fee can be waived, rescheduling
 * without a waiver goes through a suspension first; docs/decisions/098-staff-job-reschedule-suspend.md).
 * Each action is one audited batch; the fee is a staff charge (worker/admin/charges.ts) claimed in it.
 * GET / is the staff's job list (search and state filter, 10 a page: worker/jobs/staff-job-list.ts).
 */
export const adminJobsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", JobsQuery), async (c) => {
    const { q, status, page } = c.req.valid("query");
    const rows = await listStaffJobs(c.env.DB, { q, filter: status, page, now: c.get("now") });
    return c.json(pageOf(rows, page));
  })
  .get("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const data: StaffJob = await staffJob(c.env.DB, id);
    return c.json({ data });
  })
  .post("/:id/suspend", validate("param", IdParam), validate("json", SuspendBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const now = c.get("now");
    const db = c.get("db");
    const data = await suspendJob(c.env, db, () => paymentsFromEnv(c.env, db, now), {
      id,
      reason: body.reason,
      customerMessage: body.customer_message,
      proMessage: body.pro_message,
      fee: body.fee,
      feeCents: body.fee_cents,
      actorUserId: viewerOf(c).user_id,
      origin: new URL(c.req.url).origin,
      now,
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/reschedule", validate("param", IdParam), validate("json", RescheduleBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await rescheduleJob(c.env, c.get("db"), {
      id,
      reason: body.reason,
      customerMessage: body.customer_message,
      proMessage: body.pro_message,
      date: body.date,
      time: body.time,
      fee: body.fee,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  });
