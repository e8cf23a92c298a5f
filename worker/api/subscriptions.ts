import { Hono } from "hono";
import { messageFor } from "../../domain/messages";
import { SubscribeBody } from "../../schema/payloads/checkout";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { requireUser, viewerOf } from "../middleware/roles";
import { cancelMembership, joinMembership, membershipOf } from "../wallet/membership";

/**
 * Beauty membership (docs/product.md section 7 "POST /subscriptions; DELETE /subscriptions"; section 4 "Membership:
 * active, cancelled"): a monthly subscription through the payments port on a saved card, at
 * PRICING.membershipMonthlyCents; members get PRICING.memberDiscountBps off services at checkout. At most
 * one active membership per user (memberships_one_active_uq). Mounted at /subscriptions. The rules live in
 * worker/wallet/membership.ts.
 */
export const membershipApi = new Hono<AppEnv>()
  .use(requireUser)
  /** The caller's membership (the latest one) and the price. */
  .get("/", async (c) => {
    return c.json({ data: await membershipOf(c.get("db"), viewerOf(c).user_id, c.get("now")) });
  })

  /**
   * Starts a membership on `payment_method_id` (a saved card of the caller) or the default saved card.
   * Already active: ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER. A first charge that needs authentication
   * answers 202 with the intent to confirm; a declined one, the card error.
   */
  .post("/", validate("json", SubscribeBody), async (c) => {
    const body = c.req.valid("json");
    const user = viewerOf(c);
    const joined = await joinMembership(c.env, c.get("db"), user, body.payment_method_id ?? null, c.get("now"));
    if (joined.kind === "requires_action") {
      const { subscription_id, payment_intent } = joined;
      return c.json({ data: { status: "requires_action", subscription_id, payment_intent } }, 202);
    }
    return c.json(
      { data: { ...joined.membership, message: messageFor("MEMBERSHIP_ACTIVE") } },
      joined.created ? 201 : 200,
    );
  })

  /**
   * Cancels the active membership: it does not renew, and member prices last until the end of the paid
   * month (`member_until`). Not a member: ERROR_SUBSCRIPTION_NOT_MEMBER.
   */
  .delete("/", async (c) => {
    const membership = await cancelMembership(c.env, c.get("db"), viewerOf(c).user_id, c.get("now"));
    return c.json({ data: { ...membership, message: messageFor("MEMBERSHIP_CANCELLED") } });
  });
