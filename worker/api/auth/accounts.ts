import { and, eq, isNull, or } from "drizzle-orm";
import { Hono } from "hono";
import { BRAND_NAME } from "../../../domain/brand";
import {
  GoogleAuthBody,
  LoginBody,
  ResetPasswordBody,
  SignupBody,
  ValidateOtpBody,
  VerifyOwnerBody,
} from "../../../schema/payloads/accounts";
import { sessions, users } from "../../../schema/tables/accounts";
import { assertHuman } from "../../adapters/botcheck";
import { verifyGoogleIdToken } from "../../adapters/google-identity";
import {
  activeUserExists,
  claimLoginAttempt,
  clearFailedLogins,
  emailOrFail,
  findUserByLogin,
  findUserByPhone,
  MAX_FAILED_LOGINS,
  newReferralCode,
  passwordOrFail,
  phoneOrFail,
  referrerOrFail,
} from "../../auth/accounts";
import { assertCanSendCode, consumeCode, issueCode } from "../../auth/one-time-codes";
import { hashPassword, verifyPassword } from "../../auth/password";
import { toProfile } from "../../auth/profile";
import { createSession, endSession } from "../../auth/sessions";
import { endLiveDashboards } from "../../calendar/live-sockets";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";

/** A UNIQUE constraint failure, also when drizzle wraps D1's error as its cause. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed/i.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

/*
 * Signup, login, one-time codes, password reset, Google sign-in and logout (docs/product.md section 7): one
 * sub-app per top-level path the spec fixes, mounted by worker/api/auth/routes.ts.
 */

/** POST /api/accounts: signup (a code goes to the phone). */
export const signupApi = new Hono<AppEnv>().post("/", validate("json", SignupBody), async (c) => {
  const body = c.req.valid("json");
  await assertHuman(c, body.token);
  const db = c.get("db");
  const now = c.get("now");
  const phone = phoneOrFail(body.phone);
  const email = emailOrFail(body.email);
  const password = passwordOrFail(body.password);
  const referredBy = await referrerOrFail(db, body.referral_code);
  if (await activeUserExists(db, phone, email)) fail("USER_ALREADY_EXISTS");
  await assertCanSendCode(db, phone, now);

  // An unconfirmed signup for this phone or email is replaced: people retry with corrected details. The
  // pending row is rewritten in place, never deleted: other rows may point at it already (a vendor's payment
  // request made while the signup was pending), and deleting it failed their foreign key (a 500).
  const details = {
    name: body.name,
    phone,
    email,
    password_hash: await hashPassword(password),
    referred_by_user_id: referredBy,
    failed_login_count: 0,
    locked_until: null,
    updated_at: now,
  };
  const pending = await db
    .select({ user_id: users.user_id, phone: users.phone })
    .from(users)
    .where(and(or(eq(users.phone, phone), eq(users.email, email)), eq(users.status, "pending")));
  const keep = pending.find((p) => p.phone === phone) ?? pending[0];
  // Another pending signup holding this email (under another phone) gives the email up.
  const released = pending
    .filter((p) => p !== keep)
    .map((p) =>
      db
        .update(users)
        .set({ email: `released-${p.user_id}@pending.invalid`, updated_at: now })
        .where(and(eq(users.user_id, p.user_id), eq(users.status, "pending"))),
    );
  const write = keep
    ? db
        .update(users)
        .set(details)
        .where(and(eq(users.user_id, keep.user_id), eq(users.status, "pending")))
    : db
        .insert(users)
        .values({ ...details, status: "pending", referral_code: newReferralCode(body.name), created_at: now });
  try {
    await db.batch([...released, write] as unknown as [typeof write]);
  } catch (error) {
    // Two signups for the same phone or email raced: the other one is being confirmed.
    if (isUniqueViolation(error)) fail("FAIL_TOO_SOON_SINCE_LAST");
    throw error;
  }
  const sent = await issueCode(c.env, db, { phone, purpose: "signup", now, brand: BRAND_NAME });
  return c.json({ data: { phone, code_sent: true, ...sent } }, 201);
});

/** POST /api/validateOtp: the signup code, which signs the new account in. */
export const validateOtpApi = new Hono<AppEnv>().post("/", validate("json", ValidateOtpBody), async (c) => {
  const body = c.req.valid("json");
  const db = c.get("db");
  const now = c.get("now");
  const phone = phoneOrFail(body.phone);
  await consumeCode(db, { phone, purpose: "signup", code: body.code, now });
  const user = await findUserByPhone(db, phone);
  if (!user || user.status === "disabled") fail("INVALID_USER_ACCOUNT");
  const [active] = await db
    .update(users)
    .set({ status: "active", updated_at: now })
    .where(eq(users.user_id, user.user_id))
    .returning();
  await createSession(c, db, user.user_id, now);
  return c.json({ data: toProfile(active!) });
});

/** POST /api/login. */
export const loginApi = new Hono<AppEnv>().post("/", validate("json", LoginBody), async (c) => {
  const body = c.req.valid("json");
  const db = c.get("db");
  const now = c.get("now");
  const user = await findUserByLogin(db, body.phone);
  if (!user || user.status !== "active") fail("INVALID_USER_ACCOUNT");
  const attempt = await claimLoginAttempt(db, user.user_id, now);
  if (attempt === null) fail("TOO_MANY_ATTEMPTS");
  if (!(await verifyPassword(body.password, user.password_hash))) {
    fail(attempt >= MAX_FAILED_LOGINS ? "TOO_MANY_ATTEMPTS" : "PHONE_AND_PASSWORD_NOT_MATCH");
  }
  await clearFailedLogins(db, user.user_id);
  await createSession(c, db, user.user_id, now);
  return c.json({ data: toProfile(user) });
});

/** GET /api/logout. */
export const logoutApi = new Hono<AppEnv>().get("/", async (c) => {
  const session = c.get("sessionHash");
  await endSession(c, c.get("db"), session);
  // The pro's dashboards this session opened close at once (docs/decisions/118).
  const vendorId = c.get("viewer")?.vendor_id;
  if (vendorId != null && session) await endLiveDashboards(c.env, vendorId, { session }, c.get("now"));
  return c.json({ data: { logged_out: true } });
});

/** /api/resetPassword: prove the phone is yours, then set a new password. */
export const resetPasswordApi = new Hono<AppEnv>()
  .post("/verifyOwner", validate("json", VerifyOwnerBody), async (c) => {
    const body = c.req.valid("json");
    await assertHuman(c, body.token);
    const db = c.get("db");
    const now = c.get("now");
    const phone = phoneOrFail(body.phone);
    const user = await findUserByPhone(db, phone);
    if (!user || user.status !== "active") fail("INVALID_USER_ACCOUNT");
    await assertCanSendCode(db, phone, now);
    const sent = await issueCode(c.env, db, { phone, purpose: "reset", now, brand: BRAND_NAME });
    return c.json({ data: { phone, code_sent: true, ...sent } });
  })

  .post("/", validate("json", ResetPasswordBody), async (c) => {
    const body = c.req.valid("json");
    await assertHuman(c, body.token);
    const db = c.get("db");
    const now = c.get("now");
    const phone = phoneOrFail(body.phone);
    const password = passwordOrFail(body.password);
    const user = await findUserByPhone(db, phone);
    if (!user || user.status !== "active") fail("INVALID_USER_ACCOUNT");
    await consumeCode(db, { phone, purpose: "reset", code: body.code, now });
    const password_hash = await hashPassword(password);
    // A reset ends every other session: whoever knew the old password is signed out everywhere.
    await db.batch([
      db
        .update(users)
        .set({ password_hash, failed_login_count: 0, locked_until: null, updated_at: now })
        .where(eq(users.user_id, user.user_id)),
      db.delete(sessions).where(eq(sessions.user_id, user.user_id)),
    ]);
    if (user.vendor_id != null) await endLiveDashboards(c.env, user.vendor_id, { all: true, bar: false }, now);
    await createSession(c, db, user.user_id, now);
    return c.json({ data: toProfile({ ...user, password_hash }) });
  });

/** /api/auth/google: Google sign-in. */
export const authApi = new Hono<AppEnv>().post("/google", validate("json", GoogleAuthBody), async (c) => {
  const body = c.req.valid("json");
  const db = c.get("db");
  const now = c.get("now");
  if (!c.env.GOOGLE_CLIENT_ID) fail("GOOGLE_PERMISSION_ERROR");
  const identity = await verifyGoogleIdToken(body.credential, {
    clientId: c.env.GOOGLE_CLIENT_ID,
    now,
    jwks: c.env.GOOGLE_JWKS,
  });
  if (!identity) fail("INVALID_SESSION");
  const bySubject = await db.select().from(users).where(eq(users.google_sub, identity.sub)).limit(1);
  let user = bySubject[0];
  if (!user) {
    const [byEmail] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
    if (byEmail?.status === "active") {
      // Google vouches for the address, but the account's owner must have confirmed it too: otherwise whoever
      // typed someone else's email into a signup would get their Google sign-in. Never links a pending signup.
      if (byEmail.email_verified_at === null || byEmail.google_sub !== null) fail("EMAIL_NOT_VERIFIED");
      [user] = await db
        .update(users)
        .set({ google_sub: identity.sub, updated_at: now })
        .where(and(eq(users.user_id, byEmail.user_id), eq(users.status, "active"), isNull(users.google_sub)))
        .returning();
      if (!user) fail("EMAIL_NOT_VERIFIED");
    } else if (byEmail?.status === "pending") {
      // An unconfirmed signup does not own the address: it gives it up (it is never activated by Google).
      await db
        .update(users)
        .set({ email: `released-${byEmail.user_id}@pending.invalid`, updated_at: now })
        .where(and(eq(users.user_id, byEmail.user_id), eq(users.status, "pending")));
    } else if (byEmail) fail("INVALID_USER_ACCOUNT");
  }
  if (!user) {
    // No phone yet: Google-only accounts get a placeholder that cannot receive texts until they add one.
    [user] = await db
      .insert(users)
      .values({
        name: identity.name,
        phone: `google:${identity.sub}`,
        email: identity.email,
        google_sub: identity.sub,
        photo: identity.picture,
        status: "active",
        email_verified_at: now,
        referral_code: newReferralCode(identity.name),
        created_at: now,
        updated_at: now,
      })
      .returning();
  }
  if (!user || user.status !== "active") fail("INVALID_USER_ACCOUNT");
  await createSession(c, db, user.user_id, now);
  return c.json({ data: toProfile(user) });
});
