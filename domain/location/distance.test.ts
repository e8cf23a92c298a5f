import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_MILES, haversineMiles, nearestZip, zipsWithin, type ZipPoint } from "./distance";

describe("haversineMiles", () => {
  it("uses an earth radius of 3958.8 miles", () => {
    expect(EARTH_RADIUS_MILES).toBe(3958.8);
    // One degree along a meridian is R * pi / 180; half the equator is R * pi.
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3958.8 * Math.PI) / 180, 9);
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(3958.8 * Math.PI, 6);
    expect(haversineMiles({ lat: 40, lng: -74 }, { lat: 40, lng: -74 })).toBe(0);
  });

  it("measures New York to Los Angeles at about 2,445.6 miles, both ways", () => {
    const nyc = { lat: 40.7128, lng: -74.006 };
    const la = { lat: 34.0522, lng: -118.2437 };
    expect(haversineMiles(nyc, la)).toBeCloseTo(2445.59, 1);
    expect(haversineMiles(la, nyc)).toBeCloseTo(haversineMiles(nyc, la), 9);
  });
});

describe("nearest ZIP", () => {
  const zips: ZipPoint[] = [
    { zip: "10001", lat: 40.7506, lng: -73.9972 }, // Chelsea, Manhattan
    { zip: "10118", lat: 40.7487, lng: -73.9855 }, // Empire State Building
    { zip: "11201", lat: 40.6943, lng: -73.9918 }, // Brooklyn Heights
    { zip: "90012", lat: 34.0614, lng: -118.2385 }, // Los Angeles
  ];

  it("finds the closest ZIP and its distance", () => {
    const r = nearestZip({ lat: 40.7484, lng: -73.9857 }, zips)!;
    expect(r.zip).toBe("10118");
    expect(r.miles).toBeLessThan(0.05);
    expect(nearestZip({ lat: 34.05, lng: -118.25 }, zips)!.zip).toBe("90012");
  });

  it("returns null for no ZIPs or a point that is not a number", () => {
    expect(nearestZip({ lat: 40, lng: -74 }, [])).toBeNull();
    expect(nearestZip({ lat: Number.NaN, lng: -74 }, zips)).toBeNull();
  });

  it("keeps the earlier entry on a tie", () => {
    const twins: ZipPoint[] = [
      { zip: "00001", lat: 1, lng: 0 },
      { zip: "00002", lat: -1, lng: 0 },
    ];
    expect(nearestZip({ lat: 0, lng: 0 }, twins)!.zip).toBe("00001");
  });

  it("lists ZIPs within a radius, nearest first", () => {
    const near = zipsWithin({ lat: 40.7484, lng: -73.9857 }, zips, 5).map((z) => z.zip);
    expect(near).toEqual(["10118", "10001", "11201"]);
    expect(zipsWithin({ lat: 40.7484, lng: -73.9857 }, zips, 0.5).map((z) => z.zip)).toEqual(["10118"]);
  });
});
