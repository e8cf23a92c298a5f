import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../app";
import { Client, ORIGIN, signUp } from "../test-utils";

const MINUTE = 60_000;

/** A wrong or right login through an app built like the deployed entry (the real clock). */
async function deployedLogin(app: ReturnType<typeof createApp>, phone: string, password: string, headers = {}) {
  const res = await app.request(
    `${ORIGIN}/api/login`,
    {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": "10.9.9.9", ...headers },
      body: JSON.stringify({ phone, password }),
    },
    env,
  );
  return (await res.json()) as { error?: { code: string } };
}

describe("the request clock", () => {
  it("cannot be moved by a request in the deployed app: x-test-now does not lift a login lockout", async () => {
    const account = await signUp(new Client());
    const app = createApp();
    for (let i = 0; i < 5; i++) await deployedLogin(app, account.phone, "wrong password");
    // Two minutes "later" by the header: a movable clock would have lifted the 1-minute lock.
    const later = await deployedLogin(app, account.phone, account.password, {
      "x-test-now": String(Date.now() + 2 * MINUTE),
    });
    expect(later.error?.code).toBe("TOO_MANY_ATTEMPTS");
  });
});

describe("the suite's real clock", () => {
  it("is the one the Durable Objects read (test:any-date moves both)", async () => {
    const { runInDurableObject } = await import("cloudflare:test");
    const stub = env.VENDOR_CALENDAR.get(env.VENDOR_CALENDAR.idFromName("clock-probe"));
    const inObject = await runInDurableObject(stub, () => Date.now());
    const shift = Number((env as unknown as { TEST_CLOCK_SHIFT_DAYS?: string }).TEST_CLOCK_SHIFT_DAYS ?? 0);
    const realNow = vi.isFakeTimers() ? vi.getRealSystemTime() : Date.now();
    expect(Math.abs(inObject - (realNow + shift * 86_400_000))).toBeLessThan(60_000);
  });
});
