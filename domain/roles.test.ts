import { describe, expect, it } from "vitest";
import {
  bottomNavTabs,
  canUseConnectAdmin,
  isAdmin,
  parseSecurityGroups,
  postLoginDestination,
  profileMenu,
} from "./roles";

const customer = { user_id: 1, vendor_id: null, security_groups: "" };
const vendor = { user_id: 2, vendor_id: 7, security_groups: "" };
const connect = { user_id: 3, vendor_id: null, security_groups: "31" };
const admin = { user_id: 4, vendor_id: null, security_groups: "10, 55" };

describe("security groups", () => {
  it("parses a comma-separated string and ignores junk", () => {
    expect(parseSecurityGroups(" 12, 50,x,,31 ")).toEqual([12, 50, 31]);
    expect(parseSecurityGroups(null)).toEqual([]);
  });
  it("treats any group of 50 or more as admin; 49 is not", () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin({ security_groups: "49" })).toBe(false);
    expect(isAdmin({ security_groups: "50" })).toBe(true);
  });
  it("lets group 31 and admins into connect admin", () => {
    expect(canUseConnectAdmin(connect)).toBe(true);
    expect(canUseConnectAdmin(admin)).toBe(true);
    expect(canUseConnectAdmin(vendor)).toBe(false);
  });
});

describe("profile menu", () => {
  it("follows docs/product.md section 2 order and section 6 visibility", () => {
    const common = ["orders", "wallet", "membership", "account", "logout"];
    expect(profileMenu(customer)).toEqual([...common.slice(0, -1), "become_pro", "logout"]);
    expect(profileMenu(vendor)).toEqual(["dashboard", ...common]);
    expect(profileMenu(connect)).toEqual(["connect", ...common]);
    expect(profileMenu(admin)).toEqual(["administrative", ...common]);
    expect(profileMenu({ user_id: 5, vendor_id: 3, security_groups: "31,50" })).toEqual([
      "administrative",
      "connect",
      "dashboard",
      ...common,
    ]);
  });
});

describe("mobile bottom navigation", () => {
  const keys = (s: Parameters<typeof bottomNavTabs>[0], ref = false) =>
    bottomNavTabs(s, { hasReferralCode: ref }).map((t) => t.href);
  it("gives visitors Help, Book Now, Become a pro, Checkout and Log In (or Create Account with a referral code)", () => {
    expect(keys(null)).toEqual(["/help", "/#book", "/become-a-pro", "/checkout", "/account/settings"]);
    expect(bottomNavTabs(null, { hasReferralCode: true }).at(-1)).toMatchObject({
      label: "Create Account",
      modal: "signup",
    });
    expect(bottomNavTabs(null, { hasReferralCode: false }).at(-1)).toMatchObject({ label: "Log In", modal: "login" });
  });
  it("gives each role its tabs", () => {
    expect(keys(customer)).toEqual(["/help", "/account/orders", "/become-a-pro", "/account/settings", "/checkout"]);
    expect(keys(vendor)).toEqual(["/help", "/business", "/account/orders", "/account/settings", "/checkout"]);
    expect(keys(connect)).toEqual(["/help", "/connect/admin", "/account/orders", "/account/settings", "/checkout"]);
    expect(keys(admin)).toEqual(["/admin", "/account/orders", "/account/settings", "/checkout"]);
  });
});

describe("post-login destination", () => {
  it("sends vendors to /business unless admin, connect admins to /connect/admin, admins to /admin when saved", () => {
    expect(postLoginDestination(customer, { saved: false })).toBeNull();
    expect(postLoginDestination(vendor, { saved: false })).toBe("/business");
    expect(postLoginDestination(connect, { saved: false })).toBe("/connect/admin");
    expect(postLoginDestination({ ...vendor, security_groups: "50" }, { saved: false })).toBeNull();
    expect(postLoginDestination(admin, { saved: true })).toBe("/admin");
    expect(postLoginDestination({ ...connect, security_groups: "31,50" }, { saved: false })).toBeNull();
  });
});
