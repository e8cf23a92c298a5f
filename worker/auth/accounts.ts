import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { normalizeEmail } from "../../domain/email";
import { normalizeUsPhone } from "../../domain/phone";
import { MIN_PASSWORD_LENGTH } from "../../schema/payloads/accounts";
import { users } from "../../schema/tables/accounts";
import { fail } from "../http/errors";
import type { SessionUser } from "./sessions";

/** Account rules shared by signup, login, reset and profile edits. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 60 * 1000;

export function phoneOrFail(input: string): string {
  return normalizeUsPhone(input) ?? fail("PHONE_NOT_VALID");
}

export function emailOrFail(input: string): string {
  return normalizeEmail(input) ?? fail("INVALID_EMAIL_ADDRESS");
}

export function passwordOrFail(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) fail("PASSWORD_TOO_WEAK");
  return password;
}

export async function findUserByPhone(db: DrizzleD1Database, phone: string): Promise<SessionUser | null> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0] ?? null;
}

/** Login accepts the phone or the email in one field. */
export async function findUserByLogin(db: DrizzleD1Database, login: string): Promise<SessionUser | null> {
  if (login.includes("@")) {
    const email = normalizeEmail(login);
    if (!email) fail("INVALID_EMAIL_ADDRESS");
    const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return rows[0] ?? null;
  }
  return findUserByPhone(db, phoneOrFail(login));
}

export async function activeUserExists(db: DrizzleD1Database, phone: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.user_id })
    .from(users)
    .where(and(or(eq(users.phone, phone), eq(users.email, email)), eq(users.status, "active")))
    .limit(1);
  return rows.length > 0;
}

const REFERRAL_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A short code people can read aloud: up to 3 letters of the name and 5 random characters (33 million per prefix, so clashes are negligible). */
export function newReferralCode(name: string): string {
  const prefix =
    name
      .toUpperCase()
      .replace(/[^A-Z]/g, "")
      .slice(0, 3) || "GLW";
  const raw = crypto.getRandomValues(new Uint8Array(5));
  return prefix + [...raw].map((b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join("");
}

export async function referrerOrFail(db: DrizzleD1Database, code: string | null | undefined): Promise<number | null> {
  if (!code) return null;
  const rows = await db
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(users.referral_code, code.toUpperCase()), eq(users.status, "active")))
    .limit(1);
  return rows[0]?.id ?? fail("INVALID_REFERRAL_CODE");
}

/**
 * Claims one password check for an account, atomically, before the password is compared
 * (docs/decisions/051-atomic-limits.md). Each check counts up front in one conditional UPDATE; the fifth claim
 * locks the account for a minute, and while it is locked no claim succeeds, so a burst of any size gets at
 * most MAX_FAILED_LOGINS comparisons per lockout. An expired lock starts a new count. A right password clears
 * the count (clearFailedLogins). Returns the attempt's number (1..5), or null when the account is locked.
 */
export async function claimLoginAttempt(db: DrizzleD1Database, userId: number, now: number): Promise<number | null> {
  const expired = sql`(${users.locked_until} IS NOT NULL AND ${users.locked_until} <= ${now})`;
  const next = sql`(CASE WHEN ${expired} THEN 1 ELSE ${users.failed_login_count} + 1 END)`;
  const [row] = await db
    .update(users)
    .set({
      failed_login_count: next,
      locked_until: sql`CASE WHEN ${next} >= ${MAX_FAILED_LOGINS} THEN ${now + LOCKOUT_MS} ELSE NULL END`,
    })
    .where(and(eq(users.user_id, userId), or(isNull(users.locked_until), lte(users.locked_until, now))))
    .returning({ attempt: users.failed_login_count });
  return row?.attempt ?? null;
}

export async function clearFailedLogins(db: DrizzleD1Database, userId: number): Promise<void> {
  await db.update(users).set({ failed_login_count: 0, locked_until: null }).where(eq(users.user_id, userId));
}
