import { Hono } from "hono";
import * as v from "valibot";
import { BRAND_NAME } from "../../../domain/brand";
import { confirmEmailCode, sendEmailCode } from "../../auth/email-verification";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

const ConfirmEmailBody = v.object({ code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, "The code has 6 digits.")) });

/**
 * Email verification for the signed-in user (docs/decisions/056-email-verification.md). Mounted at
 * /account/user/email: POST /send mails a code to the account's email, POST /confirm { code } marks it verified.
 */
export const emailVerificationApi = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", (c) => {
    const viewer = viewerOf(c);
    return c.json({ data: { email: viewer.email, email_verified: viewer.email_verified_at !== null } });
  })
  .post("/send", async (c) => {
    const viewer = viewerOf(c);
    const sent = await sendEmailCode(c.env, c.get("db"), viewer, { now: c.get("now"), brand: BRAND_NAME });
    return c.json({ data: { ...sent, code_sent: true } });
  })
  .post("/confirm", validate("json", ConfirmEmailBody), async (c) => {
    const body = c.req.valid("json");
    const viewer = viewerOf(c);
    await confirmEmailCode(c.get("db"), viewer, { code: body.code, now: c.get("now") });
    return c.json({ data: { email: viewer.email, email_verified: true } });
  });
