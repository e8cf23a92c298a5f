import type { DrizzleD1Database } from "drizzle-orm/d1";
import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../../domain/messages";
import { payments } from "../../../checkout/payments";
import { orFail } from "../../../adapters/payments";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { jsonBody } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { accountOf, instantTransfer, payHistory, payView } from "../../../payouts/pay";
import type { PaymentsPort } from "../../../adapters/payments/port";
import { receiveWebhook } from "../../stripe/webhook";

/**
 * The pro's pay and payouts (SPEC section 7 "Vendor"; docs/decisions/070-pro-pay-and-payouts.md).
 * Mounted at /vendor (me/pay, me/pay-complete, instant-transfer) and /stripe (express-account,
 * account-login, account-delete) and /payments/local (the local onboarding page's submit). Vendors only;
 * every call acts on the signed-in vendor's own account.
 */

const PageBody = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 1),
});

function vendorIdOf(c: Parameters<typeof viewerOf>[0]): number {
  const viewer = viewerOf(c);
  if (viewer.vendor_id == null) fail("FORBIDDEN");
  return viewer.vendor_id;
}

export const vendorPayApi = new Hono<AppEnv>()
  .use("/me/pay", requireVendor)
  .use("/me/pay-complete", requireVendor)
  .use("/instant-transfer", requireVendor)
  .use("/me/instant-payout", requireVendor)
  .post("/me/instant-payout", async (c) => {
    // The pro turns instant payouts on (accepting the fee shown beside the switch) or off.
    const vendorId = vendorIdOf(c);
    const { enabled } = await jsonBody(c, v.object({ enabled: v.boolean() }));
    await c.env.DB.prepare("UPDATE vendors SET instant_payout_enabled = ?2, updated_at = ?3 WHERE vendor_id = ?1")
      .bind(vendorId, enabled ? 1 : 0, c.get("now"))
      .run();
    return c.json({ data: { instant_payout_enabled: enabled }, message: messageFor("SAVED") });
  })
  .post("/me/pay", async (c) => {
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
  .post("/me/pay-complete", async (c) => {
    const vendorId = vendorIdOf(c);
    const { page } = await jsonBody(c, PageBody);
    const rows = await payHistory(c.env.DB, vendorId, page);
    return c.json({ data: rows, page, more: rows.length === 15 });
  })
  .post("/instant-transfer", async (c) => {
    const vendorId = vendorIdOf(c);
    const now = c.get("now");
    const payout = await instantTransfer(c.env.DB, payments(c.env, c.get("db"), now), vendorId, now);
    return c.json({ data: payout, message: messageFor("PAYOUT_SENT") });
  });

/**
 * The local adapter tells us about its account's state the way Stripe does: a signed account.updated event,
 * received through the webhook's own checks (docs/decisions/074-payout-account-state.md).
 */
async function announceLocalAccount(port: PaymentsPort, db: DrizzleD1Database, accountId: string, now: number) {
  if (!port.localAccountEvent) return;
  const { payload, signature } = await port.localAccountEvent(accountId);
  await receiveWebhook(port, db, payload, signature, now);
}

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

/** The local adapter's onboarding page submits here (web/routes/business/payouts-onboarding.tsx). */
export const localOnboardingApi = new Hono<AppEnv>().post("/connect/onboarding", requireVendor, async (c) => {
  const vendorId = vendorIdOf(c);
  const body = await jsonBody(
    c,
    v.object({
      legal_name: v.pipe(v.string(), v.trim(), v.minLength(2, "Enter your legal name."), v.maxLength(120)),
      routing_number: v.pipe(v.string(), v.regex(/^\d{9}$/, "Enter the 9-digit routing number.")),
      account_number: v.pipe(v.string(), v.regex(/^\d{4,17}$/, "Enter the account number (4 to 17 digits).")),
    }),
  );
  void body;
  const port = payments(c.env, c.get("db"), c.get("now"));
  if (!port.completeLocalOnboarding) fail("NOT_FOUND");
  const account = await accountOf(c.env.DB, vendorId);
  if (!account || account.provider !== "local") fail("PAYOUT_ACCOUNT_REQUIRED");
  const state = await orFail(port.completeLocalOnboarding(account.account_id));
  await announceLocalAccount(port, c.get("db"), account.account_id, c.get("now"));
  return c.json({ data: state, message: messageFor("SAVED") });
});
