import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { oneTimeCodes } from "../../schema/tables/accounts";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import { randomInt, sha256Hex } from "./crypto";

/**
 * One-time codes sent by SMS (signup confirmation, password reset). Six digits, valid 10 minutes, at most
 * one per phone every 30 s (FAIL_TOO_SOON_SINCE_LAST), 5 wrong tries burn the code. Only a hash is kept.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_WAIT_MS = 30 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

type Purpose = "signup" | "reset";

const hashCode = (phone: string, purpose: Purpose, code: string) => sha256Hex(`${purpose}:${phone}:${code}`);

async function latestCode(db: DrizzleD1Database, phone: string, purpose: Purpose) {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.phone, phone), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.created_at), desc(oneTimeCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Refuses a second code to the same phone within 30 s. Call before writing anything. */
export async function assertCanSendCode(db: DrizzleD1Database, phone: string, now: number): Promise<void> {
  const rows = await db
    .select({ created_at: oneTimeCodes.created_at })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.phone, phone))
    .orderBy(desc(oneTimeCodes.created_at))
    .limit(1);
  const last = rows[0];
  if (last && now - last.created_at < RESEND_WAIT_MS) fail("FAIL_TOO_SOON_SINCE_LAST");
}

/** Creates a code, texts it, and rolls the code back if the text could not be sent. */
export async function issueCode(
  env: Env,
  db: DrizzleD1Database,
  opts: { phone: string; purpose: Purpose; now: number; brand: string },
): Promise<{ expires_in_seconds: number }> {
  const code = String(randomInt(1_000_000)).padStart(6, "0");
  const [row] = await db
    .insert(oneTimeCodes)
    .values({
      phone: opts.phone,
      purpose: opts.purpose,
      code_hash: await hashCode(opts.phone, opts.purpose, code),
      created_at: opts.now,
      expires_at: opts.now + CODE_TTL_MS,
    })
    .returning({ id: oneTimeCodes.id });
  const what = opts.purpose === "signup" ? "confirm your phone" : "reset your password";
  const body = `${code} is your ${opts.brand} code to ${what}. It expires in 10 minutes. Don't share it.`;
  const sent = await sendSms(env, db, { to: opts.phone, body, now: opts.now, secret: code });
  if (!sent) {
    await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row!.id));
    fail("MESSAGE_FAILED");
  }
  return { expires_in_seconds: CODE_TTL_MS / 1000 };
}

/**
 * Checks a code and marks it used. Only the newest code counts. Every check first claims one of the code's
 * MAX_CODE_ATTEMPTS tries with a conditional update (docs/decisions/051-atomic-limits.md), so however many
 * requests race, at most five guesses are ever compared; the conditional update on used_at makes a right code
 * single-use.
 */
export async function consumeCode(
  db: DrizzleD1Database,
  opts: { phone: string; purpose: Purpose; code: string; now: number },
): Promise<void> {
  const row = await latestCode(db, opts.phone, opts.purpose);
  if (!row || row.used_at !== null || row.expires_at <= opts.now || row.attempts >= MAX_CODE_ATTEMPTS) {
    fail("OPT_HAS_EXPIRED");
  }
  const claimed = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.used_at),
        gt(oneTimeCodes.expires_at, opts.now),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  if (claimed.length === 0) fail("OPT_HAS_EXPIRED");
  if ((await hashCode(opts.phone, opts.purpose, opts.code)) !== row.code_hash) fail("OPT_INCORRECT");
  const used = await db
    .update(oneTimeCodes)
    .set({ used_at: opts.now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.used_at)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) fail("OPT_HAS_EXPIRED");
}
