import { createMiddleware } from "hono/factory";
import type { MessageCode } from "../../domain/messages";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";

/**
 * Fixed-window rate limit kept in D1, so it holds across every Worker instance. One atomic upsert per
 * request: the counter restarts when its window has passed.
 */
export async function hit(db: D1Database, key: string, windowMs: number, now: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
       RETURNING count`,
    )
    .bind(key, now, windowMs)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

export function clientIp(req: Request): string {
  return req.headers.get("cf-connecting-ip") ?? req.headers.get("x-real-ip") ?? "local";
}

/** Limits requests per client IP for a route group. */
export function rateLimit(opts: { name: string; limit: number; windowMs: number; code?: MessageCode }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = `${opts.name}:${clientIp(c.req.raw)}`;
    const count = await hit(c.env.DB, key, opts.windowMs, c.get("now"));
    if (count > opts.limit) fail(opts.code ?? "FAIL_TOO_SOON_SINCE_LAST");
    await next();
  });
}
