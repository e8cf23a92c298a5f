import { describe, expect, it } from "vitest";
import { Client, freshPhone, lastCodeSentTo, signUp, T0 } from "../test-utils";

/**
 * The "at most N" account limits hold under bursts (docs/decisions/051-atomic-limits.md): each check claims
 * its try with a conditional UPDATE in D1 before it compares anything. 100 concurrent attempts = 5 x 20.
 */
const BURST = 100;

function tally(codes: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

describe("one-time code tries under a burst", () => {
  it(
    "compares at most 5 of 100 concurrent wrong reset codes; the right code is then burnt",
    { timeout: 60_000 },
    async () => {
      const account = await signUp(new Client());
      const asker = new Client();
      asker.now = T0 + 60_000;
      const sent = await asker.post("/api/resetPassword/verifyOwner", { phone: account.phone });
      expect(sent.status).toBe(200);
      const code = await lastCodeSentTo(account.phone);
      const wrong = code === "000000" ? "111111" : "000000";

      // Each guess from its own address, so the per-IP limit is not what stops them.
      const replies = await Promise.all(
        Array.from({ length: BURST }, () => {
          const c = new Client();
          c.now = asker.now + 1000;
          return c.post("/api/resetPassword", { phone: account.phone, code: wrong, password: "new password 1" });
        }),
      );
      const counts = tally(replies.map((r) => r.body.error?.code ?? String(r.status)));
      expect(counts).toEqual({ OPT_INCORRECT: 5, OPT_HAS_EXPIRED: BURST - 5 });

      const right = await asker.post("/api/resetPassword", { phone: account.phone, code, password: "new password 1" });
      expect(right.body.error?.code).toBe("OPT_HAS_EXPIRED");
      const login = await new Client().post("/api/login", { phone: account.phone, password: account.password });
      expect(login.status).toBe(200);
    },
  );
});

describe("login lockout under a burst", () => {
  it(
    "checks at most 5 of 100 concurrent passwords, and a right password inside the burst does not slip through",
    { timeout: 60_000 },
    async () => {
      const account = await signUp(new Client());
      const at = T0 + 120_000;
      const replies = await Promise.all(
        Array.from({ length: BURST }, (_, i) => {
          const c = new Client();
          c.now = at;
          // The right password sits at the end of the burst, after the wrong ones began.
          const password = i === BURST - 1 ? account.password : `wrong password ${i}`;
          return c.post("/api/login", { phone: account.phone, password });
        }),
      );
      const codes = replies.map((r) => (r.status === 200 ? "OK" : r.body.error.code));
      const checked = codes.filter((c) => c !== "TOO_MANY_ATTEMPTS");
      // At most five passwords were compared in the whole burst (before: 7 to 9, and the right one got in).
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === "TOO_MANY_ATTEMPTS").length).toBeGreaterThanOrEqual(BURST - 5);
      // The right password came last, after the five tries were taken (before: it signed in).
      expect(codes[BURST - 1]).toBe("TOO_MANY_ATTEMPTS");
      const during = new Client();
      during.now = at + 30_000;
      const locked = await during.post("/api/login", { phone: account.phone, password: account.password });
      expect(locked.body.error.code).toBe("TOO_MANY_ATTEMPTS");
      const later = new Client();
      later.now = at + 61_000;
      expect((await later.post("/api/login", { phone: account.phone, password: account.password })).status).toBe(200);
    },
  );
});

describe("per-IP limit under a burst", () => {
  it("lets exactly 30 of 100 concurrent sign-in calls from one address through", { timeout: 60_000 }, async () => {
    const client = new Client();
    client.now = T0 + 10 * 60_000;
    const replies = await Promise.all(
      Array.from({ length: BURST }, () => client.post("/api/login", { phone: freshPhone(), password: "whatever1" })),
    );
    const counts = tally(replies.map((r) => r.body.error.code));
    expect(counts).toEqual({ INVALID_USER_ACCOUNT: 30, FAIL_TOO_SOON_SINCE_LAST: BURST - 30 });
  });
});
