import { describe, expect, it } from "vitest";
import { staffClients } from "../../admin/test-fixtures";

/**
 * The staff role matrix: every /api/admin and /api/connect/admin route against every kind of user. A route
 * is "let in" when the answer is neither 401 nor 403 (a let-in call on a missing id answers 404, a bad body
 * 400: the guard ran first and let the caller through).
 */
type Role = "anonymous" | "customer" | "vendor" | "connect" | "admin" | "teamLead" | "manager";
const ALL: Role[] = ["anonymous", "customer", "vendor", "connect", "admin", "teamLead", "manager"];
const ADMINS: Role[] = ["admin", "teamLead", "manager"];
const REVIEWERS: Role[] = ["teamLead", "manager"];
const CONNECT: Role[] = ["connect", "admin", "teamLead", "manager"];

const routes: Array<[method: "GET" | "POST", path: string, allowed: Role[]]> = [
  ["GET", "/api/admin/outbox", ADMINS],
  ["POST", "/api/admin/jobs/999999999/complete", ADMINS],
  ["GET", "/api/admin/vendors", ADMINS],
  ["GET", "/api/admin/vendors/999999999", ADMINS],
  ["POST", "/api/admin/vendors/999999999/deactivate", ADMINS],
  ["POST", "/api/admin/vendors/999999999/reactivate", ADMINS],
  ["POST", "/api/admin/vendors/999999999/terminate", ADMINS],
  ["POST", "/api/admin/vendors/999999999/soft-ban", ADMINS],
  ["POST", "/api/admin/vendors/999999999/reset-reliability", ADMINS],
  ["POST", "/api/admin/vendors/999999999/services/1/restrict", ADMINS],
  ["POST", "/api/admin/vendors/999999999/payout-account/delete", ADMINS],
  ["GET", "/api/admin/applications", ADMINS],
  ["POST", "/api/admin/applications/999999999/reject", ADMINS],
  ["POST", "/api/admin/applications/999999999/silent-reject", ADMINS],
  ["POST", "/api/admin/applications/999999999/ignore", ADMINS],
  ["GET", "/api/admin/reviews", ADMINS],
  ["POST", "/api/admin/reviews/999999999/license", ADMINS],
  ["POST", "/api/admin/reviews/999999999/photo", ADMINS],
  ["GET", "/api/admin/ratings", ADMINS],
  ["POST", "/api/admin/ratings/999999999/approve", REVIEWERS],
  ["POST", "/api/admin/ratings/999999999/reject", REVIEWERS],
  ["GET", "/api/admin/customers", ADMINS],
  ["GET", "/api/admin/customers/999999999", ADMINS],
  ["GET", "/api/admin/audit", ADMINS],
  ["GET", "/api/admin/payouts", ADMINS],
  ["POST", "/api/admin/payouts/jobs/999999999/adjust", ADMINS],
  ["GET", "/api/admin/charges?user_id=999999999", ADMINS],
  ["POST", "/api/admin/charges", ADMINS],
  ["GET", "/api/admin/added-charges", ADMINS],
  ["POST", "/api/admin/added-charges/999999999/refund", ADMINS],
  ["GET", "/api/admin/jobs", ADMINS],
  ["GET", "/api/admin/jobs/999999999", ADMINS],
  ["POST", "/api/admin/jobs/999999999/suspend", ADMINS],
  ["POST", "/api/admin/jobs/999999999/reschedule", ADMINS],
  ["GET", "/api/admin/exceptions", ADMINS],
  ["POST", "/api/admin/exceptions/999999999/approve", ADMINS],
  ["POST", "/api/admin/exceptions/999999999/deny", ADMINS],
  ["GET", "/api/admin/custom-services", ADMINS],
  ["GET", "/api/admin/custom-services/choices", ADMINS],
  ["POST", "/api/admin/custom-services", ADMINS],
  ["POST", "/api/admin/custom-services/999999999/retire", ADMINS],
  ["POST", "/api/admin/custom-services/999999999/restore", ADMINS],
  ["GET", "/api/connect/admin/overview", CONNECT],
  ["GET", "/api/connect/admin/requests", CONNECT],
  ["GET", "/api/connect/admin/requests/999999999/pros", CONNECT],
  ["POST", "/api/connect/admin/requests/999999999/assign", CONNECT],
  ["POST", "/api/connect/admin/requests/999999999/cancel", CONNECT],
  ["POST", "/api/connect/admin/requests/999999999/invoice", CONNECT],
  ["POST", "/api/connect/admin/requests/999999999/offer", CONNECT],
  ["POST", "/api/connect/admin/requests/999999999/reassign", CONNECT],
  ["POST", "/api/connect/admin/requests/999999999/release", CONNECT],
  ["GET", "/api/connect/admin/tips", CONNECT],
];

describe("staff role matrix", () => {
  it("lets each role into exactly the staff routes it may use", async () => {
    const clients = await staffClients();
    const seen: string[] = [];
    const want: string[] = [];
    for (const [method, path, allowed] of routes) {
      for (const role of ALL) {
        const client = clients[role];
        const res =
          method === "GET"
            ? await client.get(path)
            : await client.post(path, { reason: "role matrix check", decision: "approve" });
        const outcome = res.status === 401 ? "401" : res.status === 403 ? "403" : "in";
        if (res.status === 401) expect(res.body.error.code).toBe("INVALID_SESSION");
        if (res.status === 403) expect(res.body.error.code).toBe("FORBIDDEN");
        expect(res.status, `${method} ${path} as ${role}`).toBeLessThan(500);
        seen.push(`${method} ${path} ${role}: ${outcome}`);
        want.push(`${method} ${path} ${role}: ${allowed.includes(role) ? "in" : role === "anonymous" ? "401" : "403"}`);
      }
    }
    expect(seen).toEqual(want);
  }, 60_000);
});
