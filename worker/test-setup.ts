import { applyD1Migrations, env } from "cloudflare:test";
import { vi } from "vitest";

await applyD1Migrations(env.DB, (env as any).TEST_MIGRATIONS);

/**
 * `npm run test:any-date` runs the suite with the real clock moved (TEST_CLOCK_SHIFT_DAYS, e.g. 365 or -365):
 * every Date.now() in this isolate (tests, the Worker, the Durable Objects) reads the moved time, still
 * ticking. A test that compares a fixed date with code that reads the real clock fails here at once instead
 * of on some later day (docs/decisions/045-one-clock-per-path.md).
 */
const shiftDays = Number((env as any).TEST_CLOCK_SHIFT_DAYS ?? 0);
if (Number.isFinite(shiftDays) && shiftDays !== 0) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + shiftDays * 86_400_000);
}
