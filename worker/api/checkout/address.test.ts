import { beforeAll, describe, expect, it } from "vitest";
import { BOSTON, catalogueWorld, insertZip, north } from "../../catalogue/test-fixtures";
import { Client } from "../../test-utils";

const NOT_FOUND_MESSAGE =
  "We are unable to locate this address, please enter a 5 digit zip code within the continental US.";
const AMBIGUOUS_MESSAGE =
  "We found multiple locations with the same address. Please enter a 5 digit zip code within the continental US.";

beforeAll(async () => {
  await catalogueWorld();
});

describe("POST /api/checkout/getAddress", () => {
  const lookup = (address: unknown) => new Client().post("/api/checkout/getAddress", { address });

  it("reduces an address ending in a ZIP to that ZIP, keeping the typed address", async () => {
    const res = await lookup("350 5th Ave,  New York, NY 10118-0110");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      code: 1,
      zipcode: "10118",
      city: "New York",
      state: "NY",
      formatted_address: "350 5th Ave, New York, NY 10118-0110",
      time_zone: "America/New_York",
    });
  });

  it("answers a bare ZIP with its city and a ZIP after the state even when text follows", async () => {
    expect((await lookup("02116")).body.data).toMatchObject({
      code: 1,
      zipcode: "02116",
      formatted_address: "Boston, MA 02116",
    });
    expect((await lookup("350 5th Ave, New York, NY 10118, USA")).body.data).toMatchObject({
      code: 1,
      zipcode: "10118",
    });
  });

  it("matches 'City, ST' with one ZIP, any case", async () => {
    const res = await lookup("white river junction, vt");
    expect(res.body.data).toMatchObject({
      code: 1,
      zipcode: "05001",
      city: "White River Junction",
      formatted_address: "White River Junction, VT 05001",
    });
    expect((await lookup("12 Main St, White River Junction, Vermont")).body.data.zipcode).toBe("05001");
  });

  it("asks for the ZIP (-2) when the city has several, never claiming a duplicate address (decision 133)", async () => {
    const res = await lookup("New York, NY");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      code: -2,
      message:
        "New York, NY has more than one ZIP code. Please add your 5 digit ZIP code to the address, or pick one from the list.",
    });
    expect(res.body.data.message).not.toBe(AMBIGUOUS_MESSAGE);
  });

  it("answers -1 with the spec's message for an unknown place or ZIP", async () => {
    expect((await lookup("Nowhere Town, KS")).body.data).toEqual({ code: -1, message: NOT_FOUND_MESSAGE });
    expect((await lookup("1 Main St, Springfield, IL 62704")).body.data).toEqual({
      code: -1,
      message: NOT_FOUND_MESSAGE,
    });
    expect((await lookup("somewhere without a state")).body.data.code).toBe(-1);
    // A street number is not a ZIP: the street needs its city and state.
    expect((await lookup("12345 Main St")).body.data.code).toBe(-2);
  });

  it("refuses a malformed body with INVALID_INPUT", async () => {
    for (const body of [{}, { address: "   " }, { address: 10118 }, { address: "x".repeat(201) }]) {
      const res = await new Client().post("/api/checkout/getAddress", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
    const notJson = await new Client().post("/api/checkout/getAddress", "{", { "content-type": "application/json" });
    expect(notJson.body.error.code).toBe("INVALID_INPUT");
  });
});

describe("POST /api/google/getZipFromLatLong", () => {
  const locate = (body: unknown) => new Client().post("/api/google/getZipFromLatLong", body);

  it("answers the nearest ZIP with its distance", async () => {
    const p = north(BOSTON.lat, BOSTON.lng, 0.5);
    const res = await locate({ latitude: p.lat, longitude: p.lng });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      zipcode: "02116",
      city: "Boston",
      state: "MA",
      time_zone: "America/New_York",
      formatted_address: "Boston, MA 02116",
      distance_miles: 0.5,
    });
  });

  it("accepts numeric strings and finds a ZIP beyond the first search ring", async () => {
    // 40 miles north of Holtsville is open water in the Sound, nearer 00501 than any other fixture ZIP.
    const p = north(40.8154, -73.0451, 40);
    const res = await locate({ latitude: String(p.lat.toFixed(5)), longitude: "-73.0451" });
    expect(res.body.data).toMatchObject({ zipcode: "00501", distance_miles: 40 });
  });

  it("refuses a point outside the US with INVALID_ADDRESS", async () => {
    const res = await locate({ latitude: 48.8566, longitude: 2.3522 });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "INVALID_ADDRESS",
      message: "Invalid location, please enter a 5 digit zip code within the continental US.",
    });
  });

  it("never answers a military ZIP: Paris, next to the APO ZIP 09777, is an invalid location", async () => {
    await insertZip({ zip: "09777", city: "Dpo", state: "AE", latitude: 48.8534, longitude: 2.3488 });
    await insertZip({ zip: "96201", city: "Apo", state: "AP", latitude: 34.7167, longitude: 128.5833 });
    for (const [latitude, longitude] of [
      [48.8566, 2.3522],
      [34.72, 128.58],
    ]) {
      const res = await locate({ latitude, longitude });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_ADDRESS");
    }
  });

  it.each([
    [{ latitude: 91, longitude: 0 }],
    [{ latitude: 40, longitude: -181 }],
    [{ latitude: "north", longitude: -71 }],
    [{ latitude: 40 }],
    [{ latitude: Number.NaN, longitude: 1 }],
  ])("refuses %o with INVALID_INPUT", async (body) => {
    const res = await locate(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_INPUT");
  });
});
