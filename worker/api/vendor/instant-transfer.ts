import { Hono } from "hono";
import { messageFor } from "../../../domain/messages";
import { payments } from "../../checkout/payments";
import type { AppEnv } from "../../http/types";
import { requireVendor, vendorIdOf } from "../../middleware/roles";
import { instantTransfer } from "../../payouts/pay";

/** POST /api/vendor/instant-transfer: the pro's whole available balance now, less the instant fee (worker/payouts/pay.ts). */
export const instantTransferApi = new Hono<AppEnv>().use("/", requireVendor).post("/", async (c) => {
  const vendorId = vendorIdOf(c);
  const now = c.get("now");
  const payout = await instantTransfer(c.env.DB, payments(c.env, c.get("db"), now), vendorId, now);
  return c.json({ data: payout, message: messageFor("PAYOUT_SENT") });
});
