import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../domain/messages";
import { payments } from "../../checkout/payments";
import { orFail } from "../../adapters/payments";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireVendor, vendorIdOf } from "../../middleware/roles";
import { accountOf } from "../../payouts/pay";
import { announceLocalAccount } from "../stripe/express-account";

/**
 * POST /api/payments/local/connect/onboarding: the local adapter's onboarding page submits here
 * (web/routes/business/payouts-onboarding.tsx).
 */
const OnboardingBody = v.object({
  legal_name: v.pipe(v.string(), v.trim(), v.minLength(2, "Enter your legal name."), v.maxLength(120)),
  routing_number: v.pipe(v.string(), v.regex(/^\d{9}$/, "Enter the 9-digit routing number.")),
  account_number: v.pipe(v.string(), v.regex(/^\d{4,17}$/, "Enter the account number (4 to 17 digits).")),
});

export const localOnboardingApi = new Hono<AppEnv>().post(
  "/onboarding",
  requireVendor,
  validate("json", OnboardingBody),
  async (c) => {
    const vendorId = vendorIdOf(c);
    const port = payments(c.env, c.get("db"), c.get("now"));
    if (!port.completeLocalOnboarding) fail("NOT_FOUND");
    const account = await accountOf(c.env.DB, vendorId);
    if (!account || account.provider !== "local") fail("PAYOUT_ACCOUNT_REQUIRED");
    const state = await orFail(port.completeLocalOnboarding(account.account_id));
    await announceLocalAccount(port, c.get("db"), account.account_id, c.get("now"));
    return c.json({ data: state, message: messageFor("SAVED") });
  },
);
