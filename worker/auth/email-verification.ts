import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { emailCodes, users } from "../../schema/tables/accounts";
import { sendEmail } from "../adapters/email";
import { fail } from "../http/errors";
import { randomInt, sha256Hex } from "./crypto";
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, RESEND_WAIT_MS } from "./one-time-codes";

/**
 * Email verification (docs/decisions/056-email-verification.md): a six-digit code sent to the account's current
 * email through the email port; confirming it stamps users.email_verified_at. Same rules as phone codes: 10
 * minutes, one per 30 s, 5 tries claimed atomically before comparing, single use, only the newest counts.
 * A code confirms only the address it was sent to, and only while the account still has that address.
 */
const hashCode = (userId: number, email: string, code: string) => sha256Hex(`email:${userId}:${email}:${code}`);

export async function sendEmailCode(
  env: Env,
  db: DrizzleD1Database,
  user: { user_id: number; email: string },
  opts: { now: number; brand: string },
): Promise<{ email: string; expires_in_seconds: number }> {
  const [last] = await db
    .select({ created_at: emailCodes.created_at })
    .from(emailCodes)
    .where(eq(emailCodes.user_id, user.user_id))
    .orderBy(desc(emailCodes.created_at))
    .limit(1);
  if (last && opts.now - last.created_at < RESEND_WAIT_MS) fail("FAIL_TOO_SOON_SINCE_LAST");
  const code = String(randomInt(1_000_000)).padStart(6, "0");
  const [row] = await db
    .insert(emailCodes)
    .values({
      user_id: user.user_id,
      email: user.email,
      code_hash: await hashCode(user.user_id, user.email, code),
      created_at: opts.now,
      expires_at: opts.now + CODE_TTL_MS,
    })
    .returning({ id: emailCodes.id });
  const sent = await sendEmail(env, db, {
    to: user.email,
    subject: `${code} is your ${opts.brand} email code`,
    text: `${code} is your ${opts.brand} code to confirm this email address. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
    now: opts.now,
  });
  if (!sent) {
    await db.delete(emailCodes).where(eq(emailCodes.id, row!.id));
    fail("MESSAGE_FAILED");
  }
  return { email: user.email, expires_in_seconds: CODE_TTL_MS / 1000 };
}

export async function confirmEmailCode(
  db: DrizzleD1Database,
  user: { user_id: number; email: string },
  opts: { code: string; now: number },
): Promise<void> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.user_id, user.user_id))
    .orderBy(desc(emailCodes.created_at), desc(emailCodes.id))
    .limit(1);
  if (!row || row.email !== user.email || row.used_at !== null || row.expires_at <= opts.now) fail("OPT_HAS_EXPIRED");
  const claimed = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, row.id),
        isNull(emailCodes.used_at),
        gt(emailCodes.expires_at, opts.now),
        lt(emailCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: emailCodes.id });
  if (claimed.length === 0) fail("OPT_HAS_EXPIRED");
  if ((await hashCode(user.user_id, row.email, opts.code)) !== row.code_hash) fail("OPT_INCORRECT");
  const [used] = await db.batch([
    db
      .update(emailCodes)
      .set({ used_at: opts.now })
      .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.used_at)))
      .returning({ id: emailCodes.id }),
    // Stamps only if the account still has the address the code went to.
    db
      .update(users)
      .set({ email_verified_at: opts.now, updated_at: opts.now })
      .where(and(eq(users.user_id, user.user_id), eq(users.email, row.email))),
  ]);
  if (used.length === 0) fail("OPT_HAS_EXPIRED");
}
