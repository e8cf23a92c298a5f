import { describe, expect, it } from "vitest";
import { roleClients } from "../test-utils";

/**
 * The role matrix of docs/product.md section 6, enforced on the server: one representative route per group, called by
 * each kind of user. 401 INVALID_SESSION when signed out, 403 FORBIDDEN for the wrong role.
 */
const groups = {
  account: "/api/account/user/profile",
  vendor: "/api/vendor/me/notification",
  admin: "/api/admin/outbox",
  connectAdmin: "/api/connect/admin/overview",
} as const;

type Role = "anonymous" | "customer" | "vendor" | "connect" | "admin";

const expected: Record<keyof typeof groups, Record<Role, number>> = {
  account: { anonymous: 401, customer: 200, vendor: 200, connect: 200, admin: 200 },
  vendor: { anonymous: 401, customer: 403, vendor: 200, connect: 403, admin: 403 },
  admin: { anonymous: 401, customer: 403, vendor: 403, connect: 403, admin: 200 },
  connectAdmin: { anonymous: 401, customer: 403, vendor: 403, connect: 200, admin: 200 },
};

describe("role matrix", () => {
  it("lets each role into exactly its route groups", async () => {
    const clients = await roleClients();
    const seen: Record<string, Record<string, number>> = {};
    for (const [group, path] of Object.entries(groups)) {
      seen[group] = {};
      for (const [role, client] of Object.entries(clients)) {
        const res = await client.get(path);
        seen[group][role] = res.status;
        if (res.status === 401) expect(res.body.error.code).toBe("INVALID_SESSION");
        if (res.status === 403) expect(res.body.error.code).toBe("FORBIDDEN");
      }
    }
    expect(seen).toEqual(expected);
  });

  it("answers unknown API paths with NOT_FOUND as JSON", async () => {
    const { customer } = await roleClients();
    const res = await customer.get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });
});
