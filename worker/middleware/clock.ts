import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/types";

/** Where a request's time comes from. */
export type RequestClock = (request: Request) => number;

/** The deployed Worker's clock: the real time, whatever the request says. */
export const realClock: RequestClock = () => Date.now();

/**
 * Reads the request's time once, before anything else, so one request never mixes two clocks. The clock is
 * chosen by the entry that builds the app (createApp): the deployed entries use the real clock and have no
 * code path that lets a request move it; only the test entry (worker/test-entry.ts) injects its own.
 */
export function clock(readNow: RequestClock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("now", readNow(c.req.raw));
    await next();
  });
}
