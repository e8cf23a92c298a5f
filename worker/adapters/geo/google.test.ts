import { describe, expect, it, vi } from "vitest";
import { googleGeo } from "./google";
import type { GeoPort, ZipPlace } from "./port";

const place: ZipPlace = {
  zip: "10118",
  city: "New York",
  state: "NY",
  state_name: "New York",
  latitude: 40.749,
  longitude: -73.9865,
  time_zone: "America/New_York",
  area_id: null,
};

function localStub(): GeoPort {
  return {
    provider: "offline",
    lookupZip: vi.fn(async (zip: string) => (zip === "10118" ? place : null)),
    nearestZip: vi.fn(async () => ({ place, miles: 1 })),
    geocodeAddress: vi.fn(async () => ({ code: -1 as const })),
    suggestPlaces: vi.fn(async () => []),
    placeDetails: vi.fn(async () => ({ code: -1 as const })),
  };
}

function fakeFetch(answer: unknown, status = 200) {
  const calls: Array<{ url: URL; init?: RequestInit }> = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), init });
    return Response.json(answer, { status });
  }) as typeof fetch;
  return { fn, calls };
}

const component = (name: string, types: string[]) => ({ long_name: name, short_name: name, types });

describe("Google geocoding adapter", () => {
  it("asks the Geocoding API for a US address with the key and reads the postal code", async () => {
    const { fn, calls } = fakeFetch({
      status: "OK",
      results: [
        {
          formatted_address: "350 5th Ave, New York, NY 10118, USA",
          types: ["street_address"],
          address_components: [component("350", ["street_number"]), component("10118", ["postal_code"])],
        },
      ],
    });
    const local = localStub();
    const geo = googleGeo({ key: "test-key", local, fetch: fn });
    const found = await geo.geocodeAddress("350 5th Ave, New York");

    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe("https://maps.googleapis.com/maps/api/geocode/json");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: "350 5th Ave, New York",
      components: "country:US",
      key: "test-key",
    });
    expect(init?.method).toBe("GET");
    expect(found).toEqual({ code: 1, place, formatted_address: "350 5th Ave, New York, NY 10118, USA" });
    // Time zone and price area come from our own table.
    expect(local.lookupZip).toHaveBeenCalledWith("10118");
  });

  it("answers -5 for a city-level result or several postal codes, -1 for none", async () => {
    const city = fakeFetch({
      status: "OK",
      results: [{ formatted_address: "Austin, TX, USA", types: ["locality", "political"], address_components: [] }],
    });
    expect(await googleGeo({ key: "k", local: localStub(), fetch: city.fn }).geocodeAddress("Austin, TX")).toEqual({
      code: -5,
    });
    const none = fakeFetch({ status: "ZERO_RESULTS", results: [] });
    expect(await googleGeo({ key: "k", local: localStub(), fetch: none.fn }).geocodeAddress("zzzz")).toEqual({
      code: -1,
    });
  });

  it("reverse-geocodes a point to a postal code with result_type=postal_code", async () => {
    const { fn, calls } = fakeFetch({
      status: "OK",
      results: [
        {
          formatted_address: "New York, NY 10118",
          types: ["postal_code"],
          address_components: [component("10118", ["postal_code"])],
        },
      ],
    });
    const nearest = await googleGeo({ key: "k", local: localStub(), fetch: fn }).nearestZip(40.75, -73.99);
    expect(calls[0]!.url.searchParams.get("latlng")).toBe("40.75,-73.99");
    expect(calls[0]!.url.searchParams.get("result_type")).toBe("postal_code");
    expect(nearest?.place.zip).toBe("10118");
    expect(nearest!.miles).toBeLessThan(1);
  });

  it("refuses a foreign postal code that reads as a US ZIP far from the point (Paris 75001 is not Dallas)", async () => {
    const { fn } = fakeFetch({
      status: "OK",
      results: [
        {
          formatted_address: "75001 Paris, France",
          types: ["postal_code"],
          address_components: [component("10118", ["postal_code"])],
        },
      ],
    });
    // The stub's 10118 is in New York; the point is Paris.
    expect(await googleGeo({ key: "k", local: localStub(), fetch: fn }).nearestZip(48.8566, 2.3522)).toBeNull();
  });

  it("falls back to the offline adapter when Google refuses or cannot be reached", async () => {
    const denied = fakeFetch({ status: "REQUEST_DENIED", error_message: "bad key" });
    const local = localStub();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await googleGeo({ key: "k", local, fetch: denied.fn }).geocodeAddress("Austin, TX")).toEqual({ code: -1 });
    expect(local.geocodeAddress).toHaveBeenCalledWith("Austin, TX");
    const down = fakeFetch({}, 503);
    expect(await googleGeo({ key: "k", local, fetch: down.fn }).nearestZip(1, 2)).toEqual({ place, miles: 1 });
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
