import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { haversineMiles } from "../../domain/location/distance";
import type { ZipPlace } from "../adapters/geo/port";
import { MILES_PER_DEGREE } from "../adapters/geo/box";
import { insertGroup, insertService, insertVendor } from "./test-fixtures";
import { vendorsInRange, vendorsNearQuery } from "./queries";

const db = () => drizzle(env.DB);
const anchorage: ZipPlace = {
  zip: "99501",
  city: "Anchorage",
  state: "AK",
  state_name: null,
  latitude: 61.2169,
  longitude: -149.8767,
  time_zone: "America/Anchorage",
  area_id: null,
};

/** A small deterministic generator, so the scattered vendors are the same every run. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe("vendors near a ZIP (one box query, exact haversine in code)", () => {
  let serviceId: number;
  const placed: Array<{ id: number; lat: number; lng: number; range: number }> = [];

  beforeAll(async () => {
    const group = await insertGroup({ name: "Scale" });
    serviceId = await insertService({ group, description: "Scale Test", base_price_cents: 100 });
    // 200 vendors scattered up to ~70 miles around Anchorage with ranges of 5 to 40 miles, where a degree
    // of longitude is only about 33 miles: the box must widen east-west.
    const rand = prng(42);
    for (let i = 0; i < 200; i++) {
      const lat = anchorage.latitude + (rand() - 0.5) * 2;
      const lng = anchorage.longitude + (rand() - 0.5) * 4;
      const range = 5 + Math.floor(rand() * 36);
      const id = await insertVendor({
        name: `Scatter ${i}`,
        lat,
        lng,
        range_miles: range,
        offers: [{ service_id: serviceId }],
      });
      placed.push({ id, lat, lng, range });
    }
    // Just inside and just outside a 10-mile range, due east (along a parallel, the long way for the box).
    const east = (miles: number) =>
      anchorage.longitude + miles / (MILES_PER_DEGREE * Math.cos((anchorage.latitude * Math.PI) / 180));
    for (const miles of [9.95, 10.3]) {
      const id = await insertVendor({
        name: `East ${miles}`,
        lat: anchorage.latitude,
        lng: east(miles),
        range_miles: 10,
        offers: [{ service_id: serviceId }],
      });
      placed.push({ id, lat: anchorage.latitude, lng: east(miles), range: 10 });
    }
  });

  it("finds exactly the vendors a brute-force haversine finds", async () => {
    const rows = await vendorsNearQuery(db(), anchorage);
    const found = vendorsInRange(rows, anchorage)
      .map((v) => v.vendor_id)
      .sort((a, b) => a - b);
    const expected = placed
      .filter((p) => haversineMiles({ lat: anchorage.latitude, lng: anchorage.longitude }, p) <= p.range)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(10);
    expect(found).toEqual(expected);
    const names = vendorsInRange(rows, anchorage).map((v) => v.display_name);
    expect(names).toContain("East 9.95");
    expect(names).not.toContain("East 10.3");
    // The box pre-filter left most of the far vendors out of the answer.
    expect(rows.length).toBeLessThan(placed.length);
  });

  it("scans the latitude band of vendors_lat_idx, then looks up each vendor's offers by key", async () => {
    const q = vendorsNearQuery(db(), anchorage).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details[0]).toMatch(/^SEARCH v USING INDEX vendors_lat_idx \(latitude>\? AND latitude<\?\)$/);
    expect(details).toContain("SEARCH vs USING INDEX sqlite_autoindex_vendor_services_1 (vendor_id=?)");
    expect(details.some((d) => d.startsWith("SCAN"))).toBe(false);
  });
});
