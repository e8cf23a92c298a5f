import { Hono } from "hono";
import { messageFor } from "../../../domain/messages";
import {
  AddedChargeDisputeBody,
  CancelBody,
  CompletedOrdersBody,
  ExcludeVendorBody,
  ProposalAnswerBody,
  RatingBody,
  RescheduleBody,
  RescheduleTimesQuery,
  ScheduledOrdersQuery,
  ServiceOrderBody,
  ServiceOrderQuery,
} from "../../../schema/payloads/orders";
import { paymentsFromEnv } from "../../adapters/payments";
import type { AppEnv } from "../../http/types";
import { jsonBody, queryOf } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { disputeAddedCharge } from "../../jobs/added-charges";
import { cancelJob, cancellationPolicy } from "../../orders/cancel";
import { completedOrders, scheduledOrders } from "../../orders/lists";
import { rateJob } from "../../orders/rating";
import { serviceInfo } from "../../orders/service-info";
import { excludeVendor } from "../../orders/vendor-exclusion";
import { requestReschedule } from "../../orders/reschedule";
import { answerProposal, customerRescheduleTimes } from "../../orders/vendor-reschedule";
import { orderTipApi } from "./tip";

/**
 * The customer's orders after checkout (docs/product.md section 7 "Orders"; docs/api-orders.md). GET /orders is
 * mounted at /orders; everything else at /order.
 */

/** GET /api/orders?zipCode=: the open jobs, status 30 first, then by time. */
export const scheduledOrdersApi = new Hono<AppEnv>().get("/", requireUser, async (c) => {
  const q = queryOf(c, ScheduledOrdersQuery);
  return c.json({ data: await scheduledOrders(c.get("db"), viewerOf(c).user_id, q.zipCode, c.get("now")) });
});

export const ordersApi = new Hono<AppEnv>()
  .use(requireUser)

  /** Completed jobs, 20 a page. */
  .post("/complete", async (c) => {
    const body = await jsonBody(c, CompletedOrdersBody);
    return c.json({ data: await completedOrders(c.get("db"), viewerOf(c).user_id, body.zipCode, body.pagination) });
  })

  /** Rating a completed job (docs/product.md section 3 "Rating submission"); answers the success flag. */
  .put("/complete", async (c) => {
    const body = await jsonBody(c, RatingBody);
    const rated = await rateJob(c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ success: true, data: { ...rated, message: messageFor("RATING_SUBMITTED") } });
  })

  /** A reschedule request for the vendor's consent (the spec's path ends in a slash; both are served). */
  .on("POST", ["/reschedule", "/reschedule/"], async (c) => {
    const body = await jsonBody(c, RescheduleBody);
    const request = await requestReschedule(c.env, c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ data: request }, 201);
  })

  /** The customer's answer to their pro's proposed new time (docs/decisions/066). */
  .post("/reschedule/answer", async (c) => {
    const body = await jsonBody(c, ProposalAnswerBody);
    return c.json({ data: await answerProposal(c.env, c.get("db"), viewerOf(c).user_id, body, c.get("now")) });
  })

  /** The pro's free times for moving this job, for the booking's slot picker. */
  .get("/reschedule-times", async (c) => {
    const q = queryOf(c, RescheduleTimesQuery);
    return c.json({
      data: await customerRescheduleTimes(
        c.env,
        c.get("db"),
        viewerOf(c).user_id,
        q.service_order_id,
        c.get("now"),
        q.service_id,
      ),
    });
  })

  /** What cancelling now would cost, shown before the customer confirms. */
  .get("/cancel-policy", async (c) => {
    const q = queryOf(c, ServiceOrderQuery);
    return c.json({
      data: await cancellationPolicy(c.get("db"), viewerOf(c).user_id, q.service_order_id, c.get("now")),
    });
  })

  .post("/cancel", async (c) => {
    const body = await jsonBody(c, CancelBody);
    const db = c.get("db");
    const now = c.get("now");
    const result = await cancelJob(c.env, db, () => paymentsFromEnv(c.env, db, now), viewerOf(c).user_id, body, now);
    return c.json({ data: result });
  })

  /** { adjustment_id, reason }: the customer disputes a paid charge the pro added to their job (docs/decisions/116). */
  .post("/added-charge/dispute", async (c) => {
    const body = await jsonBody(c, AddedChargeDisputeBody);
    const data = await disputeAddedCharge(c.env, c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ data, message: messageFor("ADDED_CHARGE_DISPUTED") });
  })

  /** What to expect for a job: service, duration, preparation, vendor and address. */
  .post("/service-info", async (c) => {
    const body = await jsonBody(c, ServiceOrderBody);
    return c.json({ data: await serviceInfo(c.get("db"), viewerOf(c).user_id, body.service_order_id) });
  })

  /** Never match me with this vendor again: the vendor of the job, or one the customer had a job with. */
  .post("/customer-vendor-exclude", async (c) => {
    const body = await jsonBody(c, ExcludeVendorBody);
    const vendorId = await excludeVendor(c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ data: { vendor_id: vendorId, excluded: true, message: messageFor("VENDOR_EXCLUDED") } });
  })

  .route("/tip", orderTipApi);
