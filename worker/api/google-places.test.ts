import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../app";
import { catalogueWorld, insertZip } from "../catalogue/test-fixtures";
import { Client } from "../test-utils";
import autocomplete350 from "../adapters/geo/recorded/places-autocomplete-350-5th-ave.json";
import detailsEmpire from "../adapters/geo/recorded/places-details-empire-state.json";
import detailsNotFound from "../adapters/geo/recorded/places-details-not-found.json";
import detailsToronto from "../adapters/geo/recorded/places-details-toronto.json";
import permissionDenied from "../adapters/geo/recorded/places-permission-denied.json";

/**
 * The places path (docs/decisions/133): POST /api/google/placeAutocomplete and POST /api/google/placeDetails
 * through both geo adapters. The offline one reads the ZIP table; the Google one is replayed from recorded
 * Places API answers through an injected fetch.
 */
const TOKEN = "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

beforeAll(async () => {
  await catalogueWorld();
  // More of New York's ZIPs, and a city that starts the same.
  await insertZip({ zip: "10011", city: "New York", state: "NY", latitude: 40.7402, longitude: -74.0 });
  await insertZip({ zip: "13411", city: "New York Mills", state: "NY", latitude: 42.6, longitude: -75.3 });
  await insertZip({ zip: "20500", city: "Washington", state: "DC", latitude: 38.8977, longitude: -77.0365 });
  await insertZip({ zip: "20001", city: "Washington", state: "DC", latitude: 38.9109, longitude: -77.0163 });
});

afterEach(() => vi.restoreAllMocks());

const suggest = (input: unknown, session_token: unknown = TOKEN) =>
  new Client().post("/api/google/placeAutocomplete", { input, session_token });
const details = (place_id: unknown, session_token: unknown = TOKEN) =>
  new Client().post("/api/google/placeDetails", { place_id, session_token });

describe("places path, offline adapter (the ZIP table)", () => {
  it("suggests the street in each ZIP of the city typed, exact city first, narrowed by the state and ZIP digits", async () => {
    const all = await suggest("350 5th Ave, New York, NY");
    expect(all.status).toBe(200);
    expect(all.body.data.suggestions.map((s: any) => s.description)).toEqual([
      "350 5th Ave, New York, NY 10001",
      "350 5th Ave, New York, NY 10011",
      "350 5th Ave, New York, NY 10118",
    ]);
    expect(all.body.data.suggestions[2]).toEqual({
      place_id: "local:10118:350 5th Ave",
      description: "350 5th Ave, New York, NY 10118",
      main_text: "350 5th Ave",
      secondary_text: "New York, NY 10118",
    });
    const narrowed = await suggest("350 5th Ave, New York, NY 1011");
    expect(narrowed.body.data.suggestions.map((s: any) => s.place_id)).toEqual(["local:10118:350 5th Ave"]);
    // A city still being typed: New York before New York Mills.
    const typing = await suggest("350 5th Ave, new yo");
    const labels = typing.body.data.suggestions.map((s: any) => s.secondary_text);
    expect(labels[0]).toBe("New York, NY 10001");
    expect(labels.at(-1)).toBe("New York Mills, NY 13411");
  });

  it("suggests nothing outside the autocomplete gate or with no city to place the street", async () => {
    for (const input of ["Main St, New York, NY", "35", "350 5", "350 5th Ave", "350 5th Ave, Atlantis, ZZ"]) {
      expect((await suggest(input)).body.data.suggestions).toEqual([]);
    }
    // A full ZIP names its place whatever city was typed; a military ZIP is never one.
    await insertZip({ zip: "09777", city: "Dpo", state: "AE", latitude: 48.85, longitude: 2.35 });
    expect((await suggest("1 Main St, 10118")).body.data.suggestions.map((s: any) => s.description)).toEqual([
      "1 Main St, New York, NY 10118",
    ]);
    expect((await suggest("1 Main St, Dpo, AE 09777")).body.data.suggestions).toEqual([]);
    expect((await suggest("1 Main St, Dpo")).body.data.suggestions).toEqual([]);
  });

  it("resolves an offline suggestion to its address and ZIP; an id of no ZIP we serve is -1", async () => {
    const res = await details("local:10118:350 5th Ave");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      code: 1,
      zipcode: "10118",
      city: "New York",
      state: "NY",
      formatted_address: "350 5th Ave, New York, NY 10118",
      time_zone: "America/New_York",
    });
    for (const id of ["local:99999:1 Main St", "ChIJaXQRs6lZwokRY6EFpJnhNNE"]) {
      expect((await details(id)).body.data).toEqual({
        code: -1,
        message: "We are unable to locate this address, please enter a 5 digit zip code within the continental US.",
      });
    }
  });

  it("refuses a malformed place id, input or session token with INVALID_INPUT", async () => {
    for (const [id, token] of [
      ["", TOKEN],
      ["local:1011:350 5th Ave", TOKEN],
      ["places/../x", TOKEN],
      ["local:10118:1 Main\nSt", TOKEN],
      ["local:10118:350 5th Ave", "short"],
      ["local:10118:350 5th Ave", "has spaces in it"],
      ["local:10118:350 5th Ave", null],
    ]) {
      const res = await details(id, token);
      expect(res.status, `${id} ${token}`).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
    for (const input of ["", "x".repeat(201), 350]) {
      expect((await suggest(input)).body.error.code).toBe("INVALID_INPUT");
    }
  });

  it("tells a customer what to add instead of claiming a duplicate address (-2)", async () => {
    const lookup = (address: string) => new Client().post("/api/checkout/getAddress", { address });
    for (const [address, city] of [
      ["350 5th Ave, New York, NY", "New York, NY"],
      ["1600 Pennsylvania Ave NW, Washington, DC", "Washington, DC"],
    ] as const) {
      const res = await lookup(address);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        code: -2,
        message: `${city} has more than one ZIP code. Please add your 5 digit ZIP code to the address, or pick one from the list.`,
      });
    }
    expect((await lookup("350 5th Ave")).body.data).toEqual({
      code: -2,
      message: "Please add the city and state to the street address, or enter your 5 digit ZIP code.",
    });
    // What the message asks for is then enough.
    expect((await lookup("350 5th Ave, New York, NY 10118")).body.data).toMatchObject({ code: 1, zipcode: "10118" });
  });

  it("lets 60 place calls a minute from one address through, of 1200 sent at once (the limit x 20)", async () => {
    const app = createApp();
    const sent = await Promise.all(
      Array.from({ length: 1200 }, () =>
        app.request(
          "https://glow.test/api/google/placeAutocomplete",
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              origin: "https://glow.test",
              "cf-connecting-ip": "10.91.0.1",
            },
            body: JSON.stringify({ input: "Main St", session_token: TOKEN }),
          },
          env,
        ),
      ),
    );
    const statuses = sent.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1140);
  });
});

// ------------------------------------------------------------------------------------- the Google adapter

const GOOGLE = { MAPS_PROVIDER: "google", GOOGLE_MAPS_KEY: "test-maps-key" };
let ipCounter = 0;

function call(path: string, body: unknown, vars: Record<string, string>) {
  return createApp().request(
    `https://glow.test${path}`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://glow.test",
        "cf-connecting-ip": `10.92.0.${++ipCounter}`,
      },
      body: JSON.stringify(body),
    },
    { ...env, ...vars },
  );
}

/** Replays recorded answers by URL and keeps what was asked. */
function replay(answers: Array<{ match: RegExp; status?: number; body: unknown }>) {
  const calls: Array<{ url: string; method: string; headers: Headers; body: any }> = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const found = answers.find((a) => a.match.test(url));
    if (!found) throw new Error(`no recorded answer for ${url}`);
    return Response.json(found.body, { status: found.status ?? 200 });
  });
  vi.stubGlobal("fetch", fake);
  return calls;
}

describe("places path, Google adapter (recorded Places API answers)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks Places autocomplete for US street addresses in the session and lists its place predictions", async () => {
    const calls = replay([{ match: /places:autocomplete$/, body: autocomplete350 }]);
    const res = await call("/api/google/placeAutocomplete", { input: "350 5th Ave", session_token: TOKEN }, GOOGLE);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.suggestions).toEqual([
      {
        place_id: "ChIJaXQRs6lZwokRY6EFpJnhNNE",
        description: "350 5th Ave, New York, NY 10118, USA",
        main_text: "350 5th Ave",
        secondary_text: "New York, NY 10118, USA",
      },
      {
        place_id: "EiYzNTAgNXRoIEF2ZSwgQnJvb2tseW4sIE5ZIDExMjE1LCBVU0E",
        description: "350 5th Ave, Brooklyn, NY 11215, USA",
        main_text: "350 5th Ave",
        secondary_text: "Brooklyn, NY 11215, USA",
      },
    ]);
    expect(calls).toHaveLength(1);
    const [asked] = calls;
    expect(asked!.url).toBe("https://places.googleapis.com/v1/places:autocomplete");
    expect(asked!.method).toBe("POST");
    expect(asked!.headers.get("x-goog-api-key")).toBe("test-maps-key");
    expect(asked!.body).toEqual({
      input: "350 5th Ave",
      sessionToken: TOKEN,
      includedRegionCodes: ["us"],
      includedPrimaryTypes: ["street_address", "premise", "subpremise"],
      languageCode: "en",
    });
  });

  it("never asks Google for text outside the autocomplete gate", async () => {
    const calls = replay([{ match: /./, body: autocomplete350 }]);
    const res = await call("/api/google/placeAutocomplete", { input: "5th Ave", session_token: TOKEN }, GOOGLE);
    expect(((await res.json()) as any).data.suggestions).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it("resolves a chosen place with the same session token to its address and our ZIP's place", async () => {
    const calls = replay([{ match: /\/v1\/places\/ChIJ/, body: detailsEmpire }]);
    const res = await call(
      "/api/google/placeDetails",
      { place_id: "ChIJaXQRs6lZwokRY6EFpJnhNNE", session_token: TOKEN },
      GOOGLE,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toEqual({
      code: 1,
      zipcode: "10118",
      city: "New York",
      state: "NY",
      formatted_address: "350 5th Ave, New York, NY 10118",
      time_zone: "America/New_York",
    });
    const url = new URL(calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://places.googleapis.com/v1/places/ChIJaXQRs6lZwokRY6EFpJnhNNE");
    expect(url.searchParams.get("sessionToken")).toBe(TOKEN);
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.headers.get("x-goog-fieldmask")).toBe("formattedAddress,addressComponents");
    expect(calls[0]!.headers.get("x-goog-api-key")).toBe("test-maps-key");
  });

  it("answers -1 for a place Google does not know, one outside the US, or one in a ZIP we do not serve", async () => {
    replay([
      { match: /places\/unknownPlace/, status: 404, body: detailsNotFound },
      { match: /places\/torontoPlace/, body: detailsToronto },
      {
        match: /places\/brooklynPlace/,
        body: {
          ...detailsEmpire,
          formattedAddress: "350 5th Ave, Brooklyn, NY 11215, USA",
          addressComponents: [
            { longText: "United States", shortText: "US", types: ["country", "political"] },
            { longText: "11215", shortText: "11215", types: ["postal_code"] },
          ],
        },
      },
    ]);
    for (const id of ["unknownPlace", "torontoPlace", "brooklynPlace"]) {
      const res = await call("/api/google/placeDetails", { place_id: id, session_token: TOKEN }, GOOGLE);
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).data.code, id).toBe(-1);
    }
  });

  it("falls back to offline suggestions when Google refuses the key, and says so in the log", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    replay([{ match: /./, status: 403, body: permissionDenied }]);
    const res = await call(
      "/api/google/placeAutocomplete",
      { input: "350 5th Ave, New York, NY 1011", session_token: TOKEN },
      GOOGLE,
    );
    expect(((await res.json()) as any).data.suggestions.map((s: any) => s.place_id)).toEqual([
      "local:10118:350 5th Ave",
    ]);
    expect(errors.mock.calls.flat().join(" ")).toContain("Places autocomplete answered 403 PERMISSION_DENIED");
    // Its details then resolve offline, without Google.
    const picked = await call(
      "/api/google/placeDetails",
      { place_id: "local:10118:350 5th Ave", session_token: TOKEN },
      GOOGLE,
    );
    expect(((await picked.json()) as any).data).toMatchObject({ code: 1, zipcode: "10118" });
  });

  it("answers MAPS_UNAVAILABLE when Google's details fail: there is nothing else to resolve its id with", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    replay([{ match: /./, status: 403, body: permissionDenied }]);
    const res = await call(
      "/api/google/placeDetails",
      { place_id: "ChIJaXQRs6lZwokRY6EFpJnhNNE", session_token: TOKEN },
      GOOGLE,
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as any).error.code).toBe("MAPS_UNAVAILABLE");
  });

  it("fails closed: MAPS_PROVIDER=google without a key refuses every maps lookup and never uses the offline table", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const calls = replay([{ match: /./, body: autocomplete350 }]);
    const vars = { MAPS_PROVIDER: "google", GOOGLE_MAPS_KEY: "" };
    for (const [path, body] of [
      ["/api/google/placeAutocomplete", { input: "350 5th Ave, New York, NY", session_token: TOKEN }],
      ["/api/google/placeDetails", { place_id: "local:10118:350 5th Ave", session_token: TOKEN }],
      ["/api/checkout/getAddress", { address: "350 5th Ave, New York, NY 10118" }],
      ["/api/google/getZipFromLatLong", { latitude: 40.749, longitude: -73.9865 }],
    ] as const) {
      const res = await call(path, body, vars);
      expect(res.status, path).toBe(503);
      expect(((await res.json()) as any).error).toEqual({
        code: "MAPS_UNAVAILABLE",
        message: "Address search is unavailable right now. Please enter your 5 digit ZIP code.",
      });
    }
    expect(calls).toHaveLength(0);
    expect(errors.mock.calls.flat().join(" ")).toContain("MAPS_PROVIDER=google but GOOGLE_MAPS_KEY is not set");
    // An unknown provider is refused the same way; ZIP lookups (our own table) still serve the catalogue.
    const unknown = await call("/api/checkout/getAddress", { address: "New York, NY" }, { MAPS_PROVIDER: "mapbox" });
    expect(unknown.status).toBe(503);
    const catalogue = await call("/api/booking/serviceAndCategory", { zipCode: "02116" }, vars);
    expect(catalogue.status).toBe(200);
  });
});
