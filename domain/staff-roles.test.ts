import { describe, expect, it } from "vitest";
import { canReviewRatings, staffAbilities, staffTier } from "./staff-roles";

describe("staff tiers", () => {
  it("ranks the highest group: 50-59 admin, 60-69 team lead, 70+ manager", () => {
    expect(staffTier({ security_groups: "" })).toBe("none");
    expect(staffTier({ security_groups: "12,31" })).toBe("none");
    expect(staffTier({ security_groups: "50" })).toBe("admin");
    expect(staffTier({ security_groups: "59,12" })).toBe("admin");
    expect(staffTier({ security_groups: "31,60" })).toBe("team_lead");
    expect(staffTier({ security_groups: "50,75" })).toBe("manager");
  });

  it("lets only team leads and managers review ratings", () => {
    expect(canReviewRatings({ security_groups: "50" })).toBe(false);
    expect(canReviewRatings({ security_groups: "31" })).toBe(false);
    expect(canReviewRatings({ security_groups: "60" })).toBe(true);
    expect(canReviewRatings({ security_groups: "70" })).toBe(true);
  });

  it("lists what a connect admin may do", () => {
    expect(staffAbilities({ security_groups: "31" })).toEqual({
      admin: false,
      connect_admin: true,
      review_ratings: false,
      tier: "none",
    });
  });
});
