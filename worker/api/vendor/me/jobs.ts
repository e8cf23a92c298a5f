import { Hono } from "hono";
import { messageFor } from "../../../../domain/messages";
import { AcceptJobBody } from "../../../../schema/payloads/checkout";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { acceptJob } from "../../../jobs/accept";
import { requireVendor, viewerOf } from "../../../middleware/roles";

/**
 * POST /vendor/me/jobs/accept: a pro with an open offer takes the job; the first valid acceptance wins
 * (worker/jobs/accept.ts). Losers and late comers get FAILED_VENDOR_JOB_ACCEPT; accepting a job one already
 * holds answers it again (`replayed`). Mounted at /vendor/me.
 */
export const vendorJobsApi = new Hono<AppEnv>().post(
  "/jobs/accept",
  requireVendor,
  validate("json", AcceptJobBody),
  async (c) => {
    const body = c.req.valid("json");
    const { jobs, replayed } = await acceptJob(c.env, c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      serviceOrderId: body.service_order_id,
      now: c.get("now"),
    });
    if (replayed) return c.json({ data: jobs, message: messageFor("JOB_ACCEPTED"), replayed: true });
    return c.json({ data: jobs, message: messageFor("JOB_ACCEPTED") });
  },
);
