import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/types";

/**
 * The request clock. Production always uses the real time. Tests run with ALLOW_TEST_CLOCK=1 (set only in
 * vitest.config.ts) and may send `x-test-now: <ms>` to move time, e.g. past the 30 s and 1 minute rules.
 */
export const clock = createMiddleware<AppEnv>(async (c, next) => {
  let now = Date.now();
  if (c.env.ALLOW_TEST_CLOCK === "1") {
    const forced = Number(c.req.header("x-test-now"));
    if (Number.isFinite(forced) && forced > 0) now = forced;
  }
  c.set("now", now);
  await next();
});
