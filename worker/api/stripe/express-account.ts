import type { DrizzleD1Database } from "drizzle-orm/d1";
import { Hono } from "hono";
import { messageFor } from "../../../domain/messages";
import { payments } from "../../checkout/payments";
import { orFail } from "../../adapters/payments";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { requireVendor, vendorIdOf, viewerOf } from "../../middleware/roles";
import { accountOf } from "../../payouts/pay";
import type { PaymentsPort } from "../../adapters/payments/port";
import { receiveWebhook } from "./webhook";

/**
 * The local adapter tells us about its account's state the way Stripe does: a signed account.updated event,
 * received through the webhook's own checks (docs/decisions/074-payout-account-state.md).
 */
export async function announceLocalAccount(port: PaymentsPort, db: DrizzleD1Database, accountId: string, now: number) {
  if (!port.localAccountEvent) return;
  const { payload, signature } = await port.localAccountEvent(accountId);
  await receiveWebhook(port, db, payload, signature, now);
}

/**
 * The pro's payout account at the provider (/api/stripe: express-account, account-login, account-delete;
 * docs/decisions/070-pro-pay-and-payouts.md). Vendors only, their own account.
 */
export const stripeConnectApi = new Hono<AppEnv>()
  .use("/express-account", requireVendor)
  .use("/account-login", requireVendor)
  .use("/account-delete", requireVendor)
  .get("/express-account", async (c) => {
    const viewer = viewerOf(c);
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const origin = new URL(c.req.url).origin;
    const port = payments(c.env, c.get("db"), now);
    const account = await orFail(
      port.createConnectedAccount({
        vendor_id: vendorId,
        email: viewer.email ?? `vendor-${vendorId}@invalid.example`,
        idempotency_key: `vendor:${vendorId}:account`,
        return_url: `${origin}/business/pay?payouts=return`,
        refresh_url: `${origin}/business/pay?payouts=refresh`,
      }),
    );
    await announceLocalAccount(port, c.get("db"), account.id, now);
    return c.json({
      data: { url: account.link_url, account_id: account.id, payouts_enabled: account.payouts_enabled },
    });
  })
  .get("/account-login", async (c) => {
    const vendorId = vendorIdOf(c);
    const account = await accountOf(c.env.DB, vendorId);
    if (!account) fail("PAYOUT_ACCOUNT_REQUIRED");
    const url = await orFail(payments(c.env, c.get("db"), c.get("now")).createLoginLink(account.account_id));
    return c.json({ data: { url } });
  })
  .delete("/account-delete", async (c) => {
    const vendorId = vendorIdOf(c);
    const account = await accountOf(c.env.DB, vendorId);
    if (!account) fail("PAYOUT_ACCOUNT_REQUIRED");
    await orFail(payments(c.env, c.get("db"), c.get("now")).deleteConnectedAccount(account.account_id));
    return c.json({ data: { deleted: true }, message: messageFor("SAVED") });
  });
