import { describe, expect, it } from "vitest";
import {
  canReceiveOffers,
  notLiveReasons,
  offerableService,
  setupItems,
  worksSomeHours,
  type SetupFacts,
  type SetupService,
} from "./setup";

const nails: SetupService = {
  enabled: true,
  restricted: false,
  sold: true,
  licenceRequired: false,
  licenceValid: false,
};
const massage: SetupService = {
  enabled: true,
  restricted: false,
  sold: true,
  licenceRequired: true,
  licenceValid: true,
};

/** A pro who finished every step. */
const ready: SetupFacts = {
  accountState: "active",
  agreementSigned: true,
  services: [nails, massage],
  hasServiceArea: true,
  weekly: { mon: [["09:00", "17:00"]] },
  hasApprovedPhoto: true,
  payoutsReady: true,
};

describe("canReceiveOffers (the offer code's gating)", () => {
  it("is live with an active account, a service switched on, an area and some hours", () => {
    expect(canReceiveOffers(ready)).toBe(true);
    expect(notLiveReasons(ready)).toEqual([]);
  });

  it("is not live in any account state but active", () => {
    for (const accountState of ["paused", "soft_banned", "deactivated", "terminated", "pending"] as const) {
      expect(canReceiveOffers({ ...ready, accountState })).toBe(false);
    }
  });

  it("needs a service the offer code would offer: switched on, not restricted, sold, licensed if it must be", () => {
    expect(canReceiveOffers({ ...ready, services: [] })).toBe(false);
    expect(canReceiveOffers({ ...ready, services: [{ ...nails, enabled: false }] })).toBe(false);
    expect(canReceiveOffers({ ...ready, services: [{ ...nails, restricted: true }] })).toBe(false);
    expect(canReceiveOffers({ ...ready, services: [{ ...nails, sold: false }] })).toBe(false);
    expect(canReceiveOffers({ ...ready, services: [{ ...massage, licenceValid: false }] })).toBe(false);
    // One offerable service is enough.
    expect(canReceiveOffers({ ...ready, services: [{ ...massage, licenceValid: false }, nails] })).toBe(true);
    expect(notLiveReasons({ ...ready, services: [{ ...nails, enabled: false }] })).toEqual(["services"]);
    expect(notLiveReasons({ ...ready, services: [{ ...massage, licenceValid: false }] })).toEqual(["licences"]);
  });

  it("needs a service area and working hours", () => {
    expect(canReceiveOffers({ ...ready, hasServiceArea: false })).toBe(false);
    expect(canReceiveOffers({ ...ready, weekly: {} })).toBe(false);
    expect(canReceiveOffers({ ...ready, weekly: { mon: [], tue: [] } })).toBe(false);
    expect(notLiveReasons({ ...ready, hasServiceArea: false, weekly: {} })).toEqual(["area", "hours"]);
  });

  it("does not wait for the agreement, the photo or the payout account (the offer code does not)", () => {
    const bare = { ...ready, agreementSigned: false, hasApprovedPhoto: false, payoutsReady: false };
    expect(canReceiveOffers(bare)).toBe(true);
    expect(
      setupItems(bare)
        .filter((i) => !i.done)
        .map((i) => i.key),
    ).toEqual(["agreement", "photo", "payouts"]);
  });
});

describe("setupItems", () => {
  it("lists every step in order, the licence step only for a pro with a licensed service", () => {
    expect(setupItems(ready).map((i) => i.key)).toEqual([
      "agreement",
      "services",
      "licences",
      "area",
      "hours",
      "photo",
      "payouts",
    ]);
    expect(setupItems(ready).every((i) => i.done)).toBe(true);
    expect(setupItems({ ...ready, services: [nails] }).map((i) => i.key)).not.toContain("licences");
  });

  it("marks licences not done while a licensed service's licence is not approved and current", () => {
    const waiting = { ...ready, services: [nails, { ...massage, enabled: false, licenceValid: false }] };
    expect(setupItems(waiting).find((i) => i.key === "licences")?.done).toBe(false);
    // Still live on the unlicensed service.
    expect(canReceiveOffers(waiting)).toBe(true);
  });

  it("shows a brand new pro (services off, starting hours, application area) what is left", () => {
    const fresh: SetupFacts = {
      ...ready,
      agreementSigned: false,
      services: [{ ...nails, enabled: false }],
      hasApprovedPhoto: false,
      payoutsReady: false,
    };
    expect(
      setupItems(fresh)
        .filter((i) => !i.done)
        .map((i) => i.key),
    ).toEqual(["agreement", "services", "photo", "payouts"]);
    expect(canReceiveOffers(fresh)).toBe(false);
  });
});

describe("pieces", () => {
  it("offerableService and worksSomeHours", () => {
    expect(offerableService(nails)).toBe(true);
    expect(offerableService({ ...massage, licenceValid: false })).toBe(false);
    expect(worksSomeHours({ sun: [["10:00", "10:00"]] })).toBe(false);
    expect(worksSomeHours({ sun: [["22:00", "24:00"]] })).toBe(true);
    expect(worksSomeHours({ sun: [["nope", "24:00"]] })).toBe(false);
  });
});
