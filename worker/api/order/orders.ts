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
import { routeHandlers, validate } from "../../http/validate";
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

const rescheduleRoute = routeHandlers(validate("json", RescheduleBody), async (c) => {
  const body = c.req.valid("json");
  const request = await requestReschedule(c.env, c.get("db"), viewerOf(c).user_id, body, c.get("now"));
  return c.json({ data: request }, 201);
});

/** GET /api/orders?zipCode=: the open jobs, status 30 first, then by time. */
export const scheduledOrdersApi = new Hono<AppEnv>().get(
  "/",
  requireUser,
  validate("query", ScheduledOrdersQuery),
  async (c) => {
    const q = c.req.valid("query");
    return c.json({ data: await scheduledOrders(c.get("db"), viewerOf(c).user_id, q.zipCode, c.get("now")) });
  },
);

export const ordersApi = new Hono<AppEnv>()
  .use(requireUser)

  /** Completed jobs, 20 a page. */
  .post("/complete", validate("json", CompletedOrdersBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await completedOrders(c.get("db"), viewerOf(c).user_id, body.zipCode, body.pagination) });
  })

  /** Rating a completed job (docs/product.md section 3 "Rating submission"); answers the success flag. */
  .put("/complete", validate("json", RatingBody), async (c) => {
    const body = c.req.valid("json");
    const rated = await rateJob(c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ success: true, data: { ...rated, message: messageFor("RATING_SUBMITTED") } });
  })

  /** A reschedule request for the vendor's consent (the spec's path ends in a slash; both are served). */
  .post("/reschedule", ...rescheduleRoute)
  .post("/reschedule/", ...rescheduleRoute)

  /** The customer's answer to their pro's proposed new time (docs/decisions/066). */
  .post("/reschedule/answer", validate("json", ProposalAnswerBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await answerProposal(c.env, c.get("db"), viewerOf(c).user_id, body, c.get("now")) });
  })

  /** The pro's free times for moving this job, for the booking's slot picker. */
  .get("/reschedule-times", validate("query", RescheduleTimesQuery), async (c) => {
    const q = c.req.valid("query");
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
  .get("/cancel-policy", validate("query", ServiceOrderQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json({
      data: await cancellationPolicy(c.get("db"), viewerOf(c).user_id, q.service_order_id, c.get("now")),
    });
  })

  .post("/cancel", validate("json", CancelBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const result = await cancelJob(c.env, db, () => paymentsFromEnv(c.env, db, now), viewerOf(c).user_id, body, now);
    return c.json({ data: result });
  })

  /** { adjustment_id, reason }: the customer disputes a paid charge the pro added to their job (docs/decisions/116). */
  .post("/added-charge/dispute", validate("json", AddedChargeDisputeBody), async (c) => {
    const body = c.req.valid("json");
    const data = await disputeAddedCharge(c.env, c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ data, message: messageFor("ADDED_CHARGE_DISPUTED") });
  })

  /** What to expect for a job: service, duration, preparation, vendor and address. */
  .post("/service-info", validate("json", ServiceOrderBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await serviceInfo(c.get("db"), viewerOf(c).user_id, body.service_order_id) });
  })

  /** Never match me with this vendor again: the vendor of the job, or one the customer had a job with. */
  .post("/customer-vendor-exclude", validate("json", ExcludeVendorBody), async (c) => {
    const body = c.req.valid("json");
    const vendorId = await excludeVendor(c.get("db"), viewerOf(c).user_id, body, c.get("now"));
    return c.json({ data: { vendor_id: vendorId, excluded: true, message: messageFor("VENDOR_EXCLUDED") } });
  })

  .route("/tip", orderTipApi);
