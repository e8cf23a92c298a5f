import { Hono } from "hono";
import { messageFor } from "../../domain/messages";
import { RedeemBody } from "../../schema/payloads/checkout";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { requireUser, viewerOf } from "../middleware/roles";
import { rateLimit } from "../middleware/rate-limit";
import { redeemGiftCard } from "../wallet/gift-redeem";

const redeemLimit = rateLimit({ name: "giftcard-redeem", limit: 10, windowMs: 60_000 });

/**
 * POST /api/giftcard/redeem {code}: a gift card's whole amount to the caller's account credit, once
 * (worker/wallet/gift-redeem.ts). Buying one is worker/api/checkout/gift.ts.
 */
export const giftcardApi = new Hono<AppEnv>().post(
  "/redeem",
  redeemLimit,
  requireUser,
  validate("json", RedeemBody),
  async (c) => {
    const body = c.req.valid("json");
    const result = await redeemGiftCard(c.env.DB, { code: body.code, userId: viewerOf(c).user_id, now: c.get("now") });
    return c.json({ data: { ...result, message: messageFor("GIFT_CARD_REDEEMED") } });
  },
);
