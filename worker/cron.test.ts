import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runScheduled } from "./cron";
import { T0 } from "./test-utils";

const DAY = 86_400_000;

describe("scheduled housekeeping", () => {
  it("drops expired sessions, stale codes and rate windows, and abandoned visitor carts, and is safe to rerun", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (user_id, name, phone, email, status, referral_code, created_at, updated_at) VALUES (9001, 'Cron', '+13125550188', 'cron@example.com', 'active', 'CRON1', ?, ?)",
      ).bind(T0, T0),
      env.DB.prepare(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('old', 9001, ?, ?)",
      ).bind(T0 - 40 * DAY, T0 - 1),
      env.DB.prepare(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('live', 9001, ?, ?)",
      ).bind(T0, T0 + DAY),
      env.DB.prepare(
        "INSERT INTO one_time_codes (phone, purpose, code_hash, created_at, expires_at) VALUES ('+13125550188', 'signup', 'x', ?, ?)",
      ).bind(T0 - 3 * DAY, T0 - 2 * DAY),
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('auth:old', ?, 3)").bind(T0 - 2 * DAY),
      env.DB.prepare(
        "INSERT INTO carts (user_id, visitor_token_hash, created_at, updated_at) VALUES (NULL, 'abandoned', ?, ?)",
      ).bind(T0 - 40 * DAY, T0 - 31 * DAY),
      env.DB.prepare(
        "INSERT INTO carts (user_id, visitor_token_hash, created_at, updated_at) VALUES (NULL, 'recent', ?, ?)",
      ).bind(T0 - DAY, T0 - DAY),
      env.DB.prepare("INSERT INTO carts (user_id, created_at, updated_at) VALUES (9001, ?, ?)").bind(
        T0 - 90 * DAY,
        T0 - 90 * DAY,
      ),
    ]);
    await runScheduled(env, T0);
    await runScheduled(env, T0);
    const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;
    expect(await count("SELECT count(*) AS n FROM sessions WHERE user_id = 9001")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM one_time_codes WHERE phone = '+13125550188'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'auth:old'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM carts WHERE visitor_token_hash IN ('abandoned', 'recent')")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM carts WHERE user_id = 9001")).toBe(1);
  });
});
