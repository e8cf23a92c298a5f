import { describe, expect, it } from "vitest";
import { Client, makeVendor, signUp, freshPhone } from "../test-utils";

/**
 * Huge numbers and control characters (issue 20): every page, count and id is bounded in the shared schemas
 * (schema/payloads/bounds.ts), and names and single-line text refuse control characters.
 */
describe("bounded numbers", () => {
  it("answers 400, not 500, for page 1e308 on /api/vendor/me/past-redemption", async () => {
    const pro = new Client();
    const { profile } = await signUp(pro, { name: "Page Pro" });
    await makeVendor(profile.user_id);
    for (const page of [1e308, 10_001, -1, 1.5]) {
      const res = await pro.post("/api/vendor/me/past-redemption", { page });
      expect(res.status, String(page)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
    expect((await pro.post("/api/vendor/me/past-redemption", { page: 10_000 })).status).toBe(200);
  });

  it("refuses ids past 2^31 - 1", async () => {
    const pro = new Client();
    const { profile } = await signUp(pro, { name: "Id Pro" });
    await makeVendor(profile.user_id);
    const res = await pro.post("/api/vendor/me/redeem-product", { product_id: 1e308, idempotencyKey: "k" });
    expect(res.status).toBe(400);
  });
});

describe("control characters in single-line text", () => {
  it("refuses a name with CR/LF at signup and in a profile update", async () => {
    const phone = freshPhone();
    const res = await new Client().post("/api/accounts", {
      name: "Eve\r\nX-INJECT:1",
      phone,
      email: `${phone.slice(2)}@example.com`,
      password: "correct horse",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_INPUT");
    const client = new Client();
    await signUp(client);
    for (const name of ["Eve\r\nX-INJECT:1", "Eve\u0000", "Eve\u2028Adam", "Eve\u001b[31m"]) {
      const update = await client.put("/api/account/user/profile", { name });
      expect(update.status, JSON.stringify(name)).toBe(400);
    }
    expect((await client.put("/api/account/user/profile", { name: "Eve Adams" })).status).toBe(200);
  });
});
