import type { RequestClock } from "./middleware/clock";

/**
 * The tests' request clock (test code only: worker/test-entry.ts and tests that build an app themselves).
 * Tests move a request's time with `x-test-now: <ms>`; without it the request runs at the real time.
 */
export const testClock: RequestClock = (request) => {
  const forced = Number(request.headers.get("x-test-now"));
  return Number.isFinite(forced) && forced > 0 ? forced : Date.now();
};
