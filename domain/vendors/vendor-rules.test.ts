import { describe, expect, it } from "vitest";
import { applicantView, applyBlocker } from "./application";
import { imageSize } from "./image-size";
import { expiryFromDay, isPlausibleExpiry, licenseAllowsService } from "./licenses";
import { checkOptionGroups, parseOptionGroups } from "./service-options";
import { isRangeTooSimilar, isValidRadius } from "./service-range";

const groups = (n: number, choices: number, label = "x") =>
  Array.from({ length: n }, () => ({ title: "Group", choices: Array.from({ length: choices }, () => ({ label })) }));

describe("option limits (docs/product.md section 5: 10 options per group, 11 groups)", () => {
  it("accepts 11 groups of 10 and refuses 12 groups or 11 choices", () => {
    expect(checkOptionGroups(groups(11, 10))).toBeNull();
    expect(checkOptionGroups(groups(12, 1))).toBe("OPTION_GROUPS_LIMIT");
    expect(checkOptionGroups(groups(1, 11))).toBe("OPTIONS_PER_GROUP_LIMIT");
    expect(checkOptionGroups(groups(1, 0))).toBe("OPTION_CHOICE_REQUIRED");
    expect(checkOptionGroups(groups(1, 1, "  "))).toBe("OPTION_FIELDS_REQUIRED");
    expect(checkOptionGroups([{ title: " ", choices: [{ label: "a" }] }])).toBe("OPTION_FIELDS_REQUIRED");
    expect(checkOptionGroups([])).toBeNull();
  });

  it("reads stored options defensively", () => {
    expect(parseOptionGroups("not json")).toEqual([]);
    expect(parseOptionGroups('[{"title":"a","choices":[{"label":"b"}]}]')).toEqual([
      { title: "a", choices: [{ label: "b" }] },
    ]);
  });
});

describe("service range", () => {
  const home = { lat: 45.5, lng: -122.7 };
  it("is too similar only when neither the centre nor the radius moves by a mile", () => {
    expect(isRangeTooSimilar(null, { centre: home, radius_miles: 10 })).toBe(false);
    expect(isRangeTooSimilar({ centre: home, radius_miles: 10 }, { centre: home, radius_miles: 10 })).toBe(true);
    expect(isRangeTooSimilar({ centre: home, radius_miles: 10 }, { centre: home, radius_miles: 11 })).toBe(false);
    const halfMile = { lat: home.lat + 0.5 / 69.09, lng: home.lng };
    expect(isRangeTooSimilar({ centre: home, radius_miles: 10 }, { centre: halfMile, radius_miles: 10 })).toBe(true);
    const twoMiles = { lat: home.lat + 2 / 69.09, lng: home.lng };
    expect(isRangeTooSimilar({ centre: home, radius_miles: 10 }, { centre: twoMiles, radius_miles: 10 })).toBe(false);
  });
  it("takes whole miles from 1 to 50", () => {
    expect([0, 1, 50, 51, 2.5].map(isValidRadius)).toEqual([false, true, true, false, false]);
  });
});

describe("application states", () => {
  it("never reveals a silent rejection", () => {
    expect(applicantView("silently_rejected")).toBe(applicantView("submitted"));
    expect(applyBlocker(["silently_rejected"])).toBe(applyBlocker(["submitted"]));
  });
  it("lets an ignored applicant reapply and blocks a rejected one for good", () => {
    expect(applyBlocker(["ignored"])).toBeNull();
    expect(applyBlocker(["ignored", "rejected"])).toBe("VENDOR_APPLICATION_CLOSED");
    expect(applyBlocker([])).toBeNull();
  });
});

describe("licences", () => {
  const now = Date.UTC(2026, 10, 22);
  it("allow services only once staff approved them and until they expire (decision 121)", () => {
    expect(licenseAllowsService({ status: "pending", expires_at: now + 1e10 }, now)).toBe(false);
    expect(licenseAllowsService({ status: "approved", expires_at: now + 1 }, now)).toBe(true);
    expect(licenseAllowsService({ status: "approved", expires_at: now }, now)).toBe(false);
    expect(licenseAllowsService({ status: "rejected", expires_at: now + 1e10 }, now)).toBe(false);
    expect(licenseAllowsService(null, now)).toBe(false);
  });
  it("read expiry days strictly", () => {
    expect(expiryFromDay("2027-02-28")).toBe(Date.UTC(2027, 1, 28, 23, 59, 59, 999));
    expect(expiryFromDay("2027-02-30")).toBeNull();
    expect(expiryFromDay("28/02/2027")).toBeNull();
    expect(isPlausibleExpiry(now + 3_600_000, now)).toBe(false);
    expect(isPlausibleExpiry(now + 30 * 86_400_000, now)).toBe(true);
  });
});

describe("image size from headers", () => {
  it("reads PNG, JPEG and WebP (VP8X) sizes", () => {
    const pngBytes = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 44, 0, 0, 0, 200,
    ]);
    expect(imageSize(pngBytes)).toEqual({ width: 300, height: 200 });
    // SOI, an APP0 segment of length 4, then SOF0 with height 480, width 640.
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 1, 0xe0, 2, 0x80, 3, 0, 0, 0, 0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 640, height: 480 });
    const webp = new Uint8Array(30);
    webp.set(
      [..."RIFF"].map((c) => c.charCodeAt(0)),
      0,
    );
    webp.set(
      [..."WEBPVP8X"].map((c) => c.charCodeAt(0)),
      8,
    );
    webp.set([0x1f, 0x03, 0x00, 0xc7, 0x00, 0x00], 24); // 800 x 200
    expect(imageSize(webp)).toEqual({ width: 800, height: 200 });
    expect(imageSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
