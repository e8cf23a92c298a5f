import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, freshPhone, lastCodeSentTo, signUp, T0 } from "../../test-utils";

const SECOND = 1000;

describe("POST /api/accounts (signup) and /api/validateOtp", () => {
  it("sends a code by SMS, then confirms the phone, activates the account and signs in", async () => {
    const client = new Client();
    const phone = freshPhone();
    const started = await client.post("/api/accounts", {
      name: "Nora Quinn",
      phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
      email: "  Nora.Quinn@Example.com ",
      password: "a long secret",
    });
    expect(started.status).toBe(201);
    expect(started.body.data).toEqual({ phone, code_sent: true, expires_in_seconds: 600 });
    expect(client.cookie).toBeNull();

    const code = await lastCodeSentTo(phone);
    const confirmed = await client.post("/api/validateOtp", { phone, code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      name: "Nora Quinn",
      phone,
      email: "nora.quinn@example.com",
      photo: "/assets/user.svg",
    });
    expect(confirmed.setCookie).toMatch(
      /^__Host-sid=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );

    const profile = await client.get("/api/account/user/profile");
    expect(profile.status).toBe(200);
    expect(profile.body.data[0].phone).toBe(phone);
  });

  it("stores only the hash of the session token", async () => {
    const client = new Client();
    const { profile } = await signUp(client);
    const token = client.cookie!.split("=")[1]!;
    const rows = await env.DB.prepare("SELECT token_hash FROM sessions WHERE user_id = ?")
      .bind(profile.user_id)
      .all<{ token_hash: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.results[0]!.token_hash).not.toContain(token);
  });

  it.each([
    [{ phone: "12345" }, "PHONE_NOT_VALID", 400],
    [{ phone: "(055) 123-4567" }, "PHONE_NOT_VALID", 400],
    [{ email: "nora@example" }, "INVALID_EMAIL_ADDRESS", 400],
    [{ email: "nora@example.c0m" }, "INVALID_EMAIL_ADDRESS", 400],
    [{ referral_code: "NOPE123" }, "INVALID_REFERRAL_CODE", 400],
    [{ password: "short" }, "PASSWORD_TOO_WEAK", 400],
  ])("refuses %o with %s", async (override, code, status) => {
    const phone = freshPhone();
    const res = await new Client().post("/api/accounts", {
      name: "Nora",
      phone,
      email: `${phone.slice(2)}@example.com`,
      password: "a long secret",
      ...override,
    });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE phone = ?")
      .bind(phone)
      .first<{ n: number }>();
    expect(users!.n).toBe(0);
  });

  it("answers INVALID_INPUT with the fields for a malformed body, never a 500", async () => {
    const client = new Client();
    const notJson = await client.post("/api/accounts", "{not json", { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("INVALID_INPUT");
    const missing = await client.post("/api/accounts", { name: "N", phone: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("INVALID_INPUT");
    expect(Object.keys(missing.body.error.fields)).toEqual(
      expect.arrayContaining(["name", "phone", "email", "password"]),
    );
  });

  it("refuses USER_ALREADY_EXISTS for an active phone or email", async () => {
    const first = await signUp(new Client());
    const samePhone = await new Client().post("/api/accounts", { ...first, email: "other@example.com" });
    expect(samePhone.body.error).toEqual({
      code: "USER_ALREADY_EXISTS",
      message: "User account already exists, please login.",
    });
    const sameEmail = await new Client().post("/api/accounts", { ...first, phone: freshPhone() });
    expect(sameEmail.body.error.code).toBe("USER_ALREADY_EXISTS");
  });

  it("refuses a second code within 30 s (FAIL_TOO_SOON_SINCE_LAST) and allows it after", async () => {
    const client = new Client();
    const phone = freshPhone();
    const account = { name: "Ivy", phone, email: `${phone.slice(2)}@example.com`, password: "a long secret" };
    expect((await client.post("/api/accounts", account)).status).toBe(201);
    const firstCode = await lastCodeSentTo(phone);

    client.now = T0 + 29 * SECOND;
    const tooSoon = await client.post("/api/accounts", account);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toEqual({
      code: "FAIL_TOO_SOON_SINCE_LAST",
      message: "Too many requests, please wait 30 seconds and try again.",
    });

    client.now = T0 + 31 * SECOND;
    expect((await client.post("/api/accounts", { ...account, name: "Ivy Park" })).status).toBe(201);
    const secondCode = await lastCodeSentTo(phone);
    // Only the newest code counts; the pending signup was replaced, not duplicated.
    if (firstCode !== secondCode) {
      expect((await client.post("/api/validateOtp", { phone, code: firstCode })).body.error.code).toBe("OPT_INCORRECT");
    }
    const ok = await client.post("/api/validateOtp", { phone, code: secondCode });
    expect(ok.body.data.name).toBe("Ivy Park");
  });

  it("answers OPT_INCORRECT for a wrong code and OPT_HAS_EXPIRED after 10 minutes", async () => {
    const client = new Client();
    const phone = freshPhone();
    await client.post("/api/accounts", {
      name: "Lee",
      phone,
      email: `${phone.slice(2)}@example.com`,
      password: "a long secret",
    });
    const code = await lastCodeSentTo(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    const incorrect = await client.post("/api/validateOtp", { phone, code: wrong });
    expect(incorrect.status).toBe(400);
    expect(incorrect.body.error.code).toBe("OPT_INCORRECT");

    client.now = T0 + 10 * 60 * SECOND + 1;
    const expired = await client.post("/api/validateOtp", { phone, code });
    expect(expired.status).toBe(410);
    expect(expired.body.error).toEqual({
      code: "OPT_HAS_EXPIRED",
      message: "The validation code is no longer valid. Please submit the form again to receive a new code.",
    });
  });

  it("burns a code after 5 wrong tries and never accepts a code twice", async () => {
    const client = new Client();
    const phone = freshPhone();
    await client.post("/api/accounts", {
      name: "Sam",
      phone,
      email: `${phone.slice(2)}@example.com`,
      password: "a long secret",
    });
    const code = await lastCodeSentTo(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await client.post("/api/validateOtp", { phone, code: wrong });
    expect((await client.post("/api/validateOtp", { phone, code })).body.error.code).toBe("OPT_HAS_EXPIRED");

    const other = await signUp(new Client());
    const reuse = await new Client().post("/api/validateOtp", {
      phone: other.phone,
      code: await lastCodeSentTo(other.phone),
    });
    expect(reuse.body.error.code).toBe("OPT_HAS_EXPIRED");
  });

  it("accepts a valid referral code from an existing member", async () => {
    const referrer = await signUp(new Client());
    const { profile } = await signUp(new Client(), {});
    expect(profile.referral_code).toMatch(/^[A-Z2-9]{5,8}$/);
    const phone = freshPhone();
    const res = await new Client().post("/api/accounts", {
      name: "Referred",
      phone,
      email: `${phone.slice(2)}@example.com`,
      password: "a long secret",
      referral_code: referrer.profile.referral_code.toLowerCase(),
    });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/login", () => {
  it("signs in by phone or email with a new session token each time", async () => {
    const account = await signUp(new Client());
    const first = new Client();
    const byPhone = await first.post("/api/login", { phone: account.phone, password: account.password });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.user_id).toBe(account.profile.user_id);
    const second = new Client();
    const byEmail = await second.post("/api/login", { phone: account.email.toUpperCase(), password: account.password });
    expect(byEmail.status).toBe(200);
    expect(first.cookie).not.toBe(second.cookie);
  });

  it("answers INVALID_USER_ACCOUNT, PHONE_NOT_VALID and PHONE_AND_PASSWORD_NOT_MATCH", async () => {
    const account = await signUp(new Client());
    const client = new Client();
    const unknown = await client.post("/api/login", { phone: freshPhone(), password: "whatever1" });
    expect(unknown.body.error).toEqual({
      code: "INVALID_USER_ACCOUNT",
      message: "The information you entered does not match any existing accounts.",
    });
    const badPhone = await client.post("/api/login", { phone: "555", password: "whatever1" });
    expect(badPhone.body.error).toEqual({
      code: "PHONE_NOT_VALID",
      message: "You have entered an invalid phone number.",
    });
    const wrong = await client.post("/api/login", { phone: account.phone, password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({
      code: "PHONE_AND_PASSWORD_NOT_MATCH",
      message: "You have entered an invalid phone number or password.",
    });
    expect(client.cookie).toBeNull();
  });

  it("locks the account for 1 minute after 5 failed logins (TOO_MANY_ATTEMPTS)", async () => {
    const account = await signUp(new Client());
    const client = new Client();
    for (let i = 1; i <= 4; i++) {
      client.now = T0 + i * SECOND;
      const res = await client.post("/api/login", { phone: account.phone, password: "wrong password" });
      expect(res.body.error.code).toBe("PHONE_AND_PASSWORD_NOT_MATCH");
    }
    client.now = T0 + 5 * SECOND;
    const fifth = await client.post("/api/login", { phone: account.phone, password: "wrong password" });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toEqual({
      code: "TOO_MANY_ATTEMPTS",
      message: "Too many incorrect login attempts, please wait 1 minute before trying again.",
    });
    client.now = T0 + 64 * SECOND;
    const stillLocked = await client.post("/api/login", { phone: account.phone, password: account.password });
    expect(stillLocked.body.error.code).toBe("TOO_MANY_ATTEMPTS");
    client.now = T0 + 66 * SECOND;
    const after = await client.post("/api/login", { phone: account.phone, password: account.password });
    expect(after.status).toBe(200);
  });

  it("keeps the user agent to 500 characters", async () => {
    const account = await signUp(new Client());
    const client = new Client();
    await client.post(
      "/api/login",
      { phone: account.phone, password: account.password },
      { "user-agent": "x".repeat(900) },
    );
    const row = await env.DB.prepare(
      "SELECT length(user_agent) AS n FROM sessions WHERE user_id = ? ORDER BY rowid DESC LIMIT 1",
    )
      .bind(account.profile.user_id)
      .first<{ n: number }>();
    expect(row!.n).toBe(500);
  });
});

describe("GET /api/logout", () => {
  it("ends the session and clears the cookie", async () => {
    const client = new Client();
    await signUp(client);
    const cookie = client.cookie;
    const res = await client.get("/api/logout");
    expect(res.body.data).toEqual({ logged_out: true });
    expect(res.setCookie).toMatch(/__Host-sid=;/);
    const stale = new Client();
    stale.cookie = cookie;
    const profile = await stale.get("/api/account/user/profile");
    expect(profile.status).toBe(401);
    expect(profile.body.error).toEqual({ code: "INVALID_SESSION", message: "User's Session has expired" });
  });

  it("refuses a cross-site logout link", async () => {
    const client = new Client();
    await signUp(client);
    const res = await client.get("/api/logout", { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect((await client.get("/api/account/user/profile")).status).toBe(200);
  });
});

describe("password reset", () => {
  it("verifies the owner by SMS code, sets the password, ends other sessions and signs in", async () => {
    const other = new Client();
    const account = await signUp(other);
    const client = new Client();
    client.now = T0 + 60 * SECOND;
    const sent = await client.post("/api/resetPassword/verifyOwner", { phone: account.phone });
    expect(sent.body.data).toMatchObject({ phone: account.phone, code_sent: true });
    const code = await lastCodeSentTo(account.phone);
    const wrong = await client.post("/api/resetPassword", {
      phone: account.phone,
      code: code === "000000" ? "111111" : "000000",
      password: "brand new pass",
    });
    expect(wrong.body.error.code).toBe("OPT_INCORRECT");
    const done = await client.post("/api/resetPassword", { phone: account.phone, code, password: "brand new pass" });
    expect(done.status).toBe(200);
    expect(client.cookie).not.toBeNull();
    expect((await other.get("/api/account/user/profile")).status).toBe(401);
    const oldPassword = await new Client().post("/api/login", { phone: account.phone, password: account.password });
    expect(oldPassword.body.error.code).toBe("PHONE_AND_PASSWORD_NOT_MATCH");
    const newPassword = await new Client().post("/api/login", { phone: account.phone, password: "brand new pass" });
    expect(newPassword.status).toBe(200);
  });

  it("answers INVALID_USER_ACCOUNT for an unknown phone and FAIL_TOO_SOON_SINCE_LAST for a quick resend", async () => {
    const client = new Client();
    expect((await client.post("/api/resetPassword/verifyOwner", { phone: freshPhone() })).body.error.code).toBe(
      "INVALID_USER_ACCOUNT",
    );
    const account = await signUp(new Client());
    client.now = T0 + 40 * SECOND;
    await client.post("/api/resetPassword/verifyOwner", { phone: account.phone });
    client.now = T0 + 50 * SECOND;
    expect((await client.post("/api/resetPassword/verifyOwner", { phone: account.phone })).body.error.code).toBe(
      "FAIL_TOO_SOON_SINCE_LAST",
    );
  });
});

describe("CSRF", () => {
  it("refuses state-changing JSON requests from another origin", async () => {
    const account = await signUp(new Client());
    const client = new Client();
    const foreign = await client.post(
      "/api/login",
      { phone: account.phone, password: account.password },
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe("FORBIDDEN");
    const crossSite = await client.post(
      "/api/login",
      { phone: account.phone, password: account.password },
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(client.cookie).toBeNull();
    const sameOrigin = await client.post(
      "/api/login",
      { phone: account.phone, password: account.password },
      { "sec-fetch-site": "same-origin" },
    );
    expect(sameOrigin.status).toBe(200);
  });
});

describe("POST /api/auth/google", () => {
  it("answers GOOGLE_PERMISSION_ERROR when no Google client is configured", async () => {
    const res = await new Client().post("/api/auth/google", { credential: "x".repeat(40) });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("GOOGLE_PERMISSION_ERROR");
  });
});

describe("per-IP limit on sign-in endpoints", () => {
  it("refuses the 31st attempt within a minute from one address, and forgets it a minute later", async () => {
    const client = new Client();
    for (let i = 0; i < 30; i++) {
      const res = await client.post("/api/login", { phone: freshPhone(), password: "whatever1" });
      expect(res.body.error.code).toBe("INVALID_USER_ACCOUNT");
    }
    const limited = await client.post("/api/login", { phone: freshPhone(), password: "whatever1" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("FAIL_TOO_SOON_SINCE_LAST");
    client.now = T0 + 61_000;
    expect((await client.post("/api/login", { phone: freshPhone(), password: "whatever1" })).body.error.code).toBe(
      "INVALID_USER_ACCOUNT",
    );
  });
});
