import { and, eq, gt } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { truncateUserAgent } from "../../domain/user-agent";
import { sessions, users } from "../../schema/tables/accounts";
import { randomToken, sha256Hex } from "./crypto";

/**
 * Sessions: a random 256-bit token in an HttpOnly cookie; D1 keeps only its SHA-256, so a database leak
 * yields no usable sessions. Every login mints a new token (no fixation).
 */
export const SESSION_COOKIE = "__Host-sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export async function createSession(c: Context, db: DrizzleD1Database, userId: number, now: number): Promise<void> {
  const token = randomToken(32);
  await db.insert(sessions).values({
    token_hash: await sha256Hex(token),
    user_id: userId,
    user_agent: truncateUserAgent(c.req.header("user-agent")),
    created_at: now,
    expires_at: now + SESSION_TTL_MS,
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** The active user behind the request's cookie, or null. */
export async function readSession(
  c: Context,
  db: DrizzleD1Database,
  now: number,
): Promise<{ user: SessionUser; tokenHash: string } | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const tokenHash = await sha256Hex(token);
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.user_id, sessions.user_id))
    .where(and(eq(sessions.token_hash, tokenHash), gt(sessions.expires_at, now), eq(users.status, "active")))
    .limit(1);
  const row = rows[0];
  return row ? { user: row.user, tokenHash } : null;
}

export async function endSession(c: Context, db: DrizzleD1Database, tokenHash: string | null): Promise<void> {
  if (tokenHash) await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true });
}
