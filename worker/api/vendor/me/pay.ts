import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../../domain/messages";
import { payments } from "../../../checkout/payments";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, vendorIdOf } from "../../../middleware/roles";
import { accountOf, payHistory, payView } from "../../../payouts/pay";

/**
 * The pro's pay (docs/product.md section 7 "Vendor"; docs/decisions/070-pro-pay-and-payouts.md), mounted at /vendor/me:
 * the pay screen, its history, the instant payout switch. The payout account is worker/api/stripe/express-account.ts
 * and worker/api/payments/local-onboarding.ts; the instant transfer worker/api/vendor/instant-transfer.ts.
 * Vendors only; every call acts on the signed-in vendor's own account.
 */

const PageBody = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1),
});

export const vendorPayApi = new Hono<AppEnv>()
  .use("/pay", requireVendor)
  .use("/pay-complete", requireVendor)
  .use("/instant-payout", requireVendor)
  .post("/instant-payout", validate("json", v.object({ enabled: v.boolean() })), async (c) => {
    // The pro turns instant payouts on (accepting the fee shown beside the switch) or off.
    const vendorId = vendorIdOf(c);
    const { enabled } = c.req.valid("json");
    await c.env.DB.prepare("UPDATE vendors SET instant_payout_enabled = ?2, updated_at = ?3 WHERE vendor_id = ?1")
      .bind(vendorId, enabled ? 1 : 0, c.get("now"))
      .run();
    return c.json({ data: { instant_payout_enabled: enabled }, message: messageFor("SAVED") });
  })
  .post("/pay", async (c) => {
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const account = await accountOf(c.env.DB, vendorId);
    // Back from onboarding: ask the provider whether it is finished (Stripe mirrors it; local reads its row).
    if (account && account.status !== "active") {
      await payments(c.env, c.get("db"), now)
        .retrieveConnectedAccount(vendorId)
        .catch((err) => console.error(JSON.stringify({ at: "pay.account.refresh", error: String(err) })));
    }
    return c.json({ data: await payView(c.env.DB, vendorId, now) });
  })
  .post("/pay-complete", validate("json", PageBody), async (c) => {
    const vendorId = vendorIdOf(c);
    const { page } = c.req.valid("json");
    const rows = await payHistory(c.env.DB, vendorId, page);
    return c.json({ data: rows, page, more: rows.length === 15 });
  });
