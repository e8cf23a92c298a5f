import { and, eq, ne, or } from "drizzle-orm";
import { Hono } from "hono";
import { BRAND_NAME } from "../../domain/brand";
import {
  GoogleAuthBody,
  LoginBody,
  ResetPasswordBody,
  SignupBody,
  ValidateOtpBody,
  VerifyOwnerBody,
} from "../../schema/payloads/accounts";
import { sessions, users } from "../../schema/tables/accounts";
import { verifyGoogleIdToken } from "../adapters/google-identity";
import {
  activeUserExists,
  clearFailedLogins,
  emailOrFail,
  findUserByLogin,
  findUserByPhone,
  newReferralCode,
  passwordOrFail,
  phoneOrFail,
  recordFailedLogin,
  referrerOrFail,
} from "../auth/accounts";
import { assertCanSendCode, consumeCode, issueCode } from "../auth/one-time-codes";
import { hashPassword, verifyPassword } from "../auth/password";
import { toProfile } from "../auth/profile";
import { createSession, endSession } from "../auth/sessions";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { jsonBody } from "../http/validate";

/** Signup, login, one-time codes, password reset, Google sign-in and logout (docs/product.md section 7). */
export const accountsApi = new Hono<AppEnv>()
  .post("/accounts", async (c) => {
    const body = await jsonBody(c, SignupBody);
    const db = c.get("db");
    const now = c.get("now");
    const phone = phoneOrFail(body.phone);
    const email = emailOrFail(body.email);
    const password = passwordOrFail(body.password);
    const referredBy = await referrerOrFail(db, body.referral_code);
    if (await activeUserExists(db, phone, email)) fail("USER_ALREADY_EXISTS");
    await assertCanSendCode(db, phone, now);

    // An unconfirmed signup for this phone or email is replaced: people retry with corrected details.
    const row = {
      name: body.name,
      phone,
      email,
      password_hash: await hashPassword(password),
      status: "pending" as const,
      referral_code: newReferralCode(body.name),
      referred_by_user_id: referredBy,
      created_at: now,
      updated_at: now,
    };
    await db.batch([
      db.delete(users).where(and(or(eq(users.phone, phone), eq(users.email, email)), eq(users.status, "pending"))),
      db.insert(users).values(row),
    ]);
    const sent = await issueCode(c.env, db, { phone, purpose: "signup", now, brand: BRAND_NAME });
    return c.json({ data: { phone, code_sent: true, ...sent } }, 201);
  })

  .post("/validateOtp", async (c) => {
    const body = await jsonBody(c, ValidateOtpBody);
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
  })

  .post("/login", async (c) => {
    const body = await jsonBody(c, LoginBody);
    const db = c.get("db");
    const now = c.get("now");
    const user = await findUserByLogin(db, body.phone);
    if (!user || user.status !== "active") fail("INVALID_USER_ACCOUNT");
    if (user.locked_until !== null && user.locked_until > now) fail("TOO_MANY_ATTEMPTS");
    if (!(await verifyPassword(body.password, user.password_hash))) {
      const locked = await recordFailedLogin(db, user.user_id, now);
      fail(locked ? "TOO_MANY_ATTEMPTS" : "PHONE_AND_PASSWORD_NOT_MATCH");
    }
    await clearFailedLogins(db, user.user_id);
    await createSession(c, db, user.user_id, now);
    return c.json({ data: toProfile(user) });
  })

  .get("/logout", async (c) => {
    await endSession(c, c.get("db"), c.get("sessionHash"));
    return c.json({ data: { logged_out: true } });
  })

  .post("/resetPassword/verifyOwner", async (c) => {
    const body = await jsonBody(c, VerifyOwnerBody);
    const db = c.get("db");
    const now = c.get("now");
    const phone = phoneOrFail(body.phone);
    const user = await findUserByPhone(db, phone);
    if (!user || user.status !== "active") fail("INVALID_USER_ACCOUNT");
    await assertCanSendCode(db, phone, now);
    const sent = await issueCode(c.env, db, { phone, purpose: "reset", now, brand: BRAND_NAME });
    return c.json({ data: { phone, code_sent: true, ...sent } });
  })

  .post("/resetPassword", async (c) => {
    const body = await jsonBody(c, ResetPasswordBody);
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
    await createSession(c, db, user.user_id, now);
    return c.json({ data: toProfile({ ...user, password_hash }) });
  })

  .post("/auth/google", async (c) => {
    const body = await jsonBody(c, GoogleAuthBody);
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
      const byEmail = await db
        .select()
        .from(users)
        .where(and(eq(users.email, identity.email), ne(users.status, "disabled")))
        .limit(1);
      user = byEmail[0];
      if (user) {
        // Google vouches for this email, so the account is linked (and a pending signup completed).
        [user] = await db
          .update(users)
          .set({ google_sub: identity.sub, status: "active", updated_at: now })
          .where(eq(users.user_id, user.user_id))
          .returning();
      }
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
