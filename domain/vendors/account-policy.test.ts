import { describe, expect, it } from "vitest";
import {
  accountStateNotice,
  refusalCode,
  VENDOR_ACCOUNT_STATES,
  VENDOR_ACTIONS,
  vendorAccountState,
  vendorMay,
  type VendorAction,
} from "./account-policy";

const allowedIn = (state: (typeof VENDOR_ACCOUNT_STATES)[number]) => VENDOR_ACTIONS.filter((a) => vendorMay(state, a));

describe("vendor account policy", () => {
  it("lets an active pro do everything but ask to be reactivated", () => {
    expect(allowedIn("active")).toEqual(VENDOR_ACTIONS.filter((a) => a !== "request_reactivation"));
  });

  it("leaves a terminated pro only their own records (pay history, statements, jobs)", () => {
    expect(allowedIn("terminated")).toEqual(["read"]);
  });

  it("treats a staff deactivation like a termination, plus an appeal and a request to come back", () => {
    expect(allowedIn("deactivated")).toEqual(["read", "request_reactivation", "appeal"]);
    for (const a of [
      "accept_offer",
      "charge",
      "message_customer",
      "profile_edit",
      "calendar_edit",
      "live_socket",
      "payout",
    ] as VendorAction[])
      expect(vendorMay("deactivated", a), a).toBe(false);
  });

  it("stops a soft-banned pro from taking new work but not from finishing what they took", () => {
    expect(vendorMay("soft_banned", "accept_offer")).toBe(false);
    expect(vendorMay("soft_banned", "client_subscription")).toBe(false);
    for (const a of [
      "decline_offer",
      "job_action",
      "charge",
      "message_customer",
      "live_socket",
      "payout",
    ] as VendorAction[])
      expect(vendorMay("soft_banned", a), a).toBe(true);
  });

  it("lets a pro who paused their own account resume it, and an applicant nothing", () => {
    expect(vendorMay("paused", "own_status")).toBe(true);
    expect(vendorMay("deactivated", "own_status")).toBe(false);
    expect(allowedIn("pending")).toEqual([]);
  });

  it("reads the state from the vendors row; a deactivation of unknown origin counts as staff's", () => {
    const row = (status: "active" | "deactivated" | "terminated", soft_banned = 0, by: "pro" | "staff" | null = null) =>
      vendorAccountState({ status, soft_banned, deactivated_by: by });
    expect(row("active")).toBe("active");
    expect(row("active", 1)).toBe("soft_banned");
    expect(row("deactivated", 0, "pro")).toBe("paused");
    expect(row("deactivated", 1, "pro")).toBe("soft_banned");
    expect(row("deactivated", 0, "staff")).toBe("deactivated");
    expect(row("deactivated", 1, null)).toBe("deactivated");
    expect(row("terminated", 1, "staff")).toBe("terminated");
  });

  it("refuses with a code per state and tells each state what it means for their jobs", () => {
    expect(refusalCode("terminated")).toBe("VENDOR_TERMINATED");
    expect(refusalCode("deactivated")).toBe("VENDOR_ACCOUNT_INACTIVE");
    expect(refusalCode("soft_banned")).toBe("VENDOR_SOFT_BANNED");
    expect(refusalCode("pending")).toBe("VENDOR_APPLICANT_NOT_APPROVED");
    expect(accountStateNotice("active")).toBeNull();
    for (const s of ["terminated", "deactivated"] as const) {
      const text = accountStateNotice(s)!;
      expect(text).toContain("upcoming jobs were offered to other pros");
      expect(text).not.toMatch(/until it's active again|\bLive\b/);
    }
    expect(accountStateNotice("terminated")).toContain("pay history and statements");
  });
});
