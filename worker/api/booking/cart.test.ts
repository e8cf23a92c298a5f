import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { localToInstant } from "../../../domain/calendar/time";
import { calendarOf, busyRows, makeService, makeVendor, makeZip, TZ } from "../../calendar/test-fixtures";
import { Client, ORIGIN, signUp, T0 } from "../../test-utils";

const MIN = 60_000;
// T0 is Sunday 2026-11-22 10:00 in New York; Tuesday is more than a day ahead.
const TUE = "2026-11-24";
let keyCounter = 0;
const key = () => `k-${++keyCounter}-${Math.random().toString(36).slice(2, 10)}`;

async function world(opts: { vendors?: number; pro?: boolean[]; priceOverride?: number } = {}) {
  const zip = await makeZip();
  const service = await makeService({ minutes: 60, price: 9000 });
  const vendorIds: number[] = [];
  for (let i = 0; i < (opts.vendors ?? 1); i++) {
    vendorIds.push(
      await makeVendor({
        near: zip,
        miles: 1 + i,
        isPro: opts.pro?.[i] ?? false,
        offers: [{ serviceId: service.serviceId, priceOverride: i === 0 ? (opts.priceOverride ?? null) : null }],
      }),
    );
  }
  return {
    zip: zip.zip,
    serviceId: service.serviceId,
    serviceCode: service.serviceCode,
    vendorId: vendorIds[0]!,
    vendorIds,
  };
}

type World = Awaited<ReturnType<typeof world>>;

function add(client: Client, w: World, selectedDate: string, extra: Record<string, unknown> = {}) {
  return client.post("/api/booking/service-add-cart", {
    zipCode: w.zip,
    serviceId: w.serviceId,
    vendorId: w.vendorId,
    selectedDate,
    idempotencyKey: key(),
    ...extra,
  });
}

async function holdsInObject(vendorId: number, now = T0) {
  return (await calendarOf(vendorId).listBusy({ vendorId, now })).filter((b) => b.kind === "hold");
}

describe("POST /api/booking/service-add-cart", () => {
  it("holds the time and answers the cart item; the visitor gets an HttpOnly cart cookie whose hash is stored", async () => {
    const w = await world({ priceOverride: 11000 });
    const client = new Client();
    const res = await add(client, w, `${TUE} 10:00`, { isSubscription: true });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      cartitemid: expect.any(Number),
      vendor_id: w.vendorId,
      hint_v: null,
      service_id: w.serviceId,
      service_code: w.serviceCode,
      selectedDate: "2026-11-24 10:00",
      selected_at: "2026-11-24T15:00:00.000Z",
      time_zone: TZ,
      totalDuration: 60,
      isSubscription: true,
      isConnectType: false,
      scheduleBypass: false,
      price_cents: 11000,
      hold_expires_at: new Date(T0 + 15 * MIN).toISOString(),
      held_by_vendor_id: w.vendorId,
    });
    expect(res.setCookie).toMatch(
      /^__Host-cart=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const token = client.cookie!.split("=")[1]!;
    const cart = await env.DB.prepare(
      "SELECT c.visitor_token_hash AS h, c.zipcode FROM carts c JOIN cart_items i ON i.cart_id = c.cart_id WHERE i.cartitemid = ?",
    )
      .bind(res.body.data.cartitemid)
      .first<{ h: string; zipcode: string }>();
    expect(cart!.h).toMatch(/^[0-9a-f]{64}$/);
    expect(cart!.h).not.toContain(token);
    expect(cart!.zipcode).toBe(w.zip);
    expect(await holdsInObject(w.vendorId)).toHaveLength(1);
    expect(await busyRows(w.vendorId)).toMatchObject([
      { kind: "hold", starts_at: localToInstant(TUE, "10:00", TZ), expires_at: T0 + 15 * MIN },
    ]);
  });

  it("answers the same item for a repeated idempotency key", async () => {
    const w = await world();
    const client = new Client();
    const body = {
      zipCode: w.zip,
      serviceId: w.serviceId,
      vendorId: w.vendorId,
      selectedDate: `${TUE} 10:00`,
      idempotencyKey: key(),
    };
    const first = await client.post("/api/booking/service-add-cart", body);
    const again = await client.post("/api/booking/service-add-cart", body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect((await client.get("/api/booking/cart")).body.data.items).toHaveLength(1);
    expect(await holdsInObject(w.vendorId)).toHaveLength(1);
  });

  it("refuses a conflicting add for the same vendor and time with CART_ITEM_NOT_AVAILABLE and no item", async () => {
    const w = await world();
    expect((await add(new Client(), w, `${TUE} 10:00`)).status).toBe(201);
    const other = new Client();
    const refused = await add(other, w, `${TUE} 10:00`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "CART_ITEM_NOT_AVAILABLE",
      message: "This service is no longer available at the chosen time and was removed.",
      alternative: { selectedDate: "2026-11-24 08:00", selected_at: "2026-11-24T13:00:00.000Z" },
    });
    // Nothing half-written: no item, no cart, no cookie.
    expect(refused.setCookie).toBeNull();
    expect((await other.get("/api/booking/cart")).body.data).toEqual({ zipCode: null, items: [] });
    const items = await env.DB.prepare("SELECT count(*) AS n FROM cart_items WHERE vendor_id = ?")
      .bind(w.vendorId)
      .first<{ n: number }>();
    expect(items!.n).toBe(1);
  });

  it("leaves exactly one hold when 100 customers add the same vendor slot at once", async () => {
    const w = await world();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        SELF.fetch(`${ORIGIN}/api/booking/service-add-cart`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: ORIGIN,
            "x-test-now": String(T0),
            "cf-connecting-ip": `10.9.0.${i}`,
          },
          body: JSON.stringify({
            zipCode: w.zip,
            serviceId: w.serviceId,
            vendorId: w.vendorId,
            selectedDate: `${TUE} 10:00`,
            idempotencyKey: `storm-${i}-${key()}`,
          }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as any })),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409 && r.body.error.code === "CART_ITEM_NOT_AVAILABLE")).toHaveLength(99);
    expect(await holdsInObject(w.vendorId)).toHaveLength(1);
    expect((await busyRows(w.vendorId)).filter((r) => r.kind === "hold")).toHaveLength(1);
    const items = await env.DB.prepare("SELECT count(*) AS n FROM cart_items WHERE vendor_id = ?")
      .bind(w.vendorId)
      .first<{ n: number }>();
    expect(items!.n).toBe(1);
  });

  it.each([
    ["a time off the grid", { selectedDate: `${TUE} 10:15` }, 409, "CART_ITEM_DATE_CHANGED"],
    ["a time sooner than 90 minutes", { selectedDate: "2026-11-22 11:00" }, 400, "INVALID_INPUT"],
    ["a date that does not exist", { selectedDate: "2026-02-30 10:00" }, 400, "INVALID_INPUT"],
    ["a malformed date", { selectedDate: "tomorrow" }, 400, "INVALID_INPUT"],
    ["a missing idempotency key", { idempotencyKey: undefined }, 400, "INVALID_INPUT"],
    ["an unknown service", { serviceId: 99_999_999 }, 404, "NOT_FOUND"],
    ["an unknown vendor", { vendorId: 99_999_999 }, 404, "NOT_FOUND"],
    ["an unknown ZIP", { zipCode: "00000" }, 400, "INVALID_ADDRESS"],
    ["a schedule bypass from a customer", { scheduleBypass: true }, 403, "FORBIDDEN"],
  ])("refuses %s", async (_, override, status, code) => {
    const w = await world();
    const res = await add(new Client(), w, `${TUE} 10:00`, override);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await holdsInObject(w.vendorId)).toEqual([]);
  });

  it("answers the nearest free time for a time off the grid", async () => {
    const w = await world();
    const res = await add(new Client(), w, `${TUE} 10:15`);
    expect(res.body.error.alternative).toEqual({
      selectedDate: "2026-11-24 10:00",
      selected_at: "2026-11-24T15:00:00.000Z",
    });
  });

  it("refuses a vendor that does not serve the ZIP with ITEM_NOT_AVAILABLE", async () => {
    const w = await world();
    const here = (await env.DB.prepare("SELECT latitude, longitude FROM zipcodes WHERE zip = ?")
      .bind(w.zip)
      .first<{ latitude: number; longitude: number }>())!;
    // Three degrees of latitude (about 207 miles) away: never in range, whatever ZIP the fixture drew.
    const far = await makeVendor({
      near: { latitude: here.latitude + 3, longitude: here.longitude } as never,
      offers: [{ serviceId: w.serviceId }],
    });
    const res = await add(new Client(), w, `${TUE} 10:00`, { vendorId: far });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ITEM_NOT_AVAILABLE");
    const notOffered = await makeVendor({
      near: (await env.DB.prepare("SELECT latitude, longitude FROM zipcodes WHERE zip = ?")
        .bind(w.zip)
        .first())! as never,
    });
    expect((await add(new Client(), w, `${TUE} 10:00`, { vendorId: notOffered })).body.error.code).toBe(
      "ITEM_NOT_AVAILABLE",
    );
  });

  it("releases the hold when the cart item cannot be written, and a retry with the same key starts afresh", async () => {
    const w = await world();
    await env.DB.prepare(
      `CREATE TRIGGER cart_fail_${w.serviceId} BEFORE INSERT ON cart_items WHEN NEW.service_id = ${w.serviceId} BEGIN SELECT RAISE(ABORT, 'cart down'); END`,
    ).run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const client = new Client();
    const body = {
      zipCode: w.zip,
      serviceId: w.serviceId,
      vendorId: w.vendorId,
      selectedDate: `${TUE} 10:00`,
      idempotencyKey: key(),
    };
    const failed = await client.post("/api/booking/service-add-cart", body);
    errors.mockRestore();
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe("GENERAL_EXCEPTION");
    expect(await holdsInObject(w.vendorId)).toEqual([]);
    expect(await busyRows(w.vendorId)).toEqual([]);
    await env.DB.prepare(`DROP TRIGGER cart_fail_${w.serviceId}`).run();
    const retried = await client.post("/api/booking/service-add-cart", body);
    expect(retried.status).toBe(201);
    expect(await holdsInObject(w.vendorId)).toHaveLength(1);
  });

  it("matches 'any pro': the hinted vendor first, then another free one, then refuses", async () => {
    const w = await world({ vendors: 2, pro: [false, true] });
    const [standard, pro] = w.vendorIds as [number, number];
    const anyPro = (client: Client) => add(client, w, `${TUE} 10:00`, { vendorId: undefined, hint_v: pro });
    const first = await anyPro(new Client());
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ vendor_id: null, hint_v: pro, held_by_vendor_id: pro, price_cents: 9000 });
    const second = await anyPro(new Client());
    expect(second.body.data).toMatchObject({ vendor_id: null, held_by_vendor_id: standard });
    const third = await anyPro(new Client());
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe("CART_ITEM_NOT_AVAILABLE");
  });

  it("keeps a signed-in customer's cart on the server", async () => {
    const w = await world();
    const client = new Client();
    const { profile } = await signUp(client);
    const res = await add(client, w, `${TUE} 10:00`);
    expect(res.status).toBe(201);
    expect(res.setCookie).toBeNull();
    const row = await env.DB.prepare(
      "SELECT c.user_id FROM carts c JOIN cart_items i ON i.cart_id = c.cart_id WHERE i.cartitemid = ?",
    )
      .bind(res.body.data.cartitemid)
      .first<{ user_id: number }>();
    expect(row!.user_id).toBe(profile.user_id);
  });
});

describe("POST /api/booking/service-remove-cart", () => {
  it("removes the item and releases its hold, so another customer can take the time", async () => {
    const w = await world();
    const client = new Client();
    const added = await add(client, w, `${TUE} 10:00`);
    const res = await client.post("/api/booking/service-remove-cart", { cartitemid: added.body.data.cartitemid });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cartitemid: added.body.data.cartitemid, removed: true });
    expect(await holdsInObject(w.vendorId)).toEqual([]);
    expect(await busyRows(w.vendorId)).toEqual([]);
    expect((await add(new Client(), w, `${TUE} 10:00`)).status).toBe(201);
  });

  it("answers NOT_FOUND for an item of another cart, an unknown item or no cart, and touches nothing", async () => {
    const w = await world();
    const owner = new Client();
    const added = await add(owner, w, `${TUE} 10:00`);
    const stranger = new Client();
    await add(stranger, w, `${TUE} 14:00`);
    expect(
      (await stranger.post("/api/booking/service-remove-cart", { cartitemid: added.body.data.cartitemid })).body.error
        .code,
    ).toBe("NOT_FOUND");
    expect(
      (await new Client().post("/api/booking/service-remove-cart", { cartitemid: added.body.data.cartitemid })).status,
    ).toBe(404);
    expect((await owner.post("/api/booking/service-remove-cart", { cartitemid: 99_999_999 })).status).toBe(404);
    expect((await owner.post("/api/booking/service-remove-cart", { cartitemid: "x" })).body.error.code).toBe(
      "INVALID_INPUT",
    );
    expect(await holdsInObject(w.vendorId)).toHaveLength(2);
  });
});

describe("POST /api/booking/service-update-cart", () => {
  it("moves the hold: the new time is held, the old one is free again", async () => {
    const w = await world();
    const client = new Client();
    const added = await add(client, w, `${TUE} 10:00`);
    const moved = await client.post("/api/booking/service-update-cart", {
      cartitemid: added.body.data.cartitemid,
      selectedDate: `${TUE} 14:00`,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ cartitemid: added.body.data.cartitemid, selectedDate: "2026-11-24 14:00" });
    const holds = await holdsInObject(w.vendorId);
    expect(holds.map((h) => h.start)).toEqual([localToInstant(TUE, "14:00", TZ)]);
    expect((await busyRows(w.vendorId)).map((r) => r.starts_at)).toEqual([localToInstant(TUE, "14:00", TZ)]);
    expect((await add(new Client(), w, `${TUE} 10:00`)).status).toBe(201);
  });

  it("moves an item next to its own hold (its own hold does not count against it)", async () => {
    const w = await world();
    const client = new Client();
    const added = await add(client, w, `${TUE} 10:00`);
    const moved = await client.post("/api/booking/service-update-cart", {
      cartitemid: added.body.data.cartitemid,
      selectedDate: `${TUE} 10:30`,
    });
    expect(moved.status).toBe(200);
    expect((await holdsInObject(w.vendorId)).map((h) => h.start)).toEqual([localToInstant(TUE, "10:30", TZ)]);
  });

  it("keeps the item and its hold when the new time is refused, and answers the nearest free time", async () => {
    const w = await world();
    const client = new Client();
    const added = await add(client, w, `${TUE} 10:00`);
    await add(new Client(), w, `${TUE} 14:00`);
    // 14:00 ends its 36 minutes at 14:36; a start from 16:00 makes a rush-hour drive (+30): 16:30.
    const refused = await client.post("/api/booking/service-update-cart", {
      cartitemid: added.body.data.cartitemid,
      selectedDate: `${TUE} 14:30`,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "CART_ITEM_NOT_AVAILABLE",
      cartitemid: added.body.data.cartitemid,
      alternative: { selectedDate: "2026-11-24 16:30" },
    });
    const cart = await client.get("/api/booking/cart");
    expect(cart.body.data.items).toMatchObject([
      { cartitemid: added.body.data.cartitemid, selectedDate: "2026-11-24 10:00", status: "ok" },
    ]);
    expect((await holdsInObject(w.vendorId)).map((h) => h.start).sort()).toEqual([
      localToInstant(TUE, "10:00", TZ),
      localToInstant(TUE, "14:00", TZ),
    ]);
  });

  it("answers NOT_FOUND for another customer's item", async () => {
    const w = await world();
    const added = await add(new Client(), w, `${TUE} 10:00`);
    const other = new Client();
    await add(other, w, `${TUE} 16:00`);
    const res = await other.post("/api/booking/service-update-cart", {
      cartitemid: added.body.data.cartitemid,
      selectedDate: `${TUE} 12:00`,
    });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/booking/clear-zip", () => {
  it("answers 202 at once and then removes the items and releases their holds", async () => {
    const w = await world();
    const client = new Client();
    const a = await add(client, w, `${TUE} 10:00`);
    const b = await add(client, w, `${TUE} 14:00`);
    const stranger = new Client();
    const theirs = await add(stranger, w, `${TUE} 18:00`);
    const res = await client.post("/api/booking/clear-zip", {
      cartitemids: [a.body.data.cartitemid, b.body.data.cartitemid, theirs.body.data.cartitemid],
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ accepted: 3 });
    await vi.waitFor(async () =>
      expect((await holdsInObject(w.vendorId)).map((h) => h.start)).toEqual([localToInstant(TUE, "18:00", TZ)]),
    );
    expect((await client.get("/api/booking/cart")).body.data.items).toEqual([]);
    expect((await stranger.get("/api/booking/cart")).body.data.items).toHaveLength(1);
  });

  it("refuses a malformed list", async () => {
    expect((await new Client().post("/api/booking/clear-zip", { cartitemids: "1,2" })).body.error.code).toBe(
      "INVALID_INPUT",
    );
  });
});

describe("GET /api/booking/cart", () => {
  it("flags a lapsed hold CART_ITEM_NOT_AVAILABLE (with the time itself as the alternative while it is free)", async () => {
    const w = await world();
    const client = new Client();
    await add(client, w, `${TUE} 10:00`);
    expect((await client.get("/api/booking/cart")).body.data).toMatchObject({
      zipCode: w.zip,
      items: [{ status: "ok" }],
    });
    client.now = T0 + 16 * MIN;
    const later = await client.get("/api/booking/cart");
    expect(later.body.data.items).toMatchObject([
      {
        selectedDate: "2026-11-24 10:00",
        status: "CART_ITEM_NOT_AVAILABLE",
        message: "This service is no longer available at the chosen time and was removed.",
        alternative: { selectedDate: "2026-11-24 10:00" },
      },
    ]);
  });

  it("flags an item whose time the vendor no longer works CART_ITEM_DATE_CHANGED", async () => {
    const w = await world();
    const client = new Client();
    await add(client, w, `${TUE} 10:00`);
    await env.DB.prepare("UPDATE vendors SET available_setting = ?, updated_at = ? WHERE vendor_id = ?")
      .bind(JSON.stringify({ weekly: { tue: [["13:00", "17:00"]] } }), T0 + 1, w.vendorId)
      .run();
    const res = await client.get("/api/booking/cart");
    expect(res.body.data.items).toMatchObject([
      { status: "CART_ITEM_DATE_CHANGED", alternative: { selectedDate: "2026-11-24 13:00" } },
    ]);
  });

  it("answers an empty cart to a new visitor without creating one", async () => {
    const client = new Client();
    const res = await client.get("/api/booking/cart");
    expect(res.body.data).toEqual({ zipCode: null, items: [] });
    expect(res.setCookie).toBeNull();
  });
});

describe("POST /api/booking/cart/merge", () => {
  it("moves the visitor's items into the user's cart at login and clears the visitor cookie", async () => {
    const w = await world();
    const client = new Client();
    const added = await add(client, w, `${TUE} 10:00`);
    const cartCookie = client.cookie!;
    await signUp(client);
    const sessionCookie = client.cookie!;
    client.cookie = `${sessionCookie}; ${cartCookie}`;
    const merged = await client.post("/api/booking/cart/merge");
    expect(merged.status).toBe(200);
    expect(merged.setCookie).toMatch(/^__Host-cart=; Max-Age=0/);
    expect(merged.body.data.items).toMatchObject([{ cartitemid: added.body.data.cartitemid, status: "ok" }]);
    client.cookie = sessionCookie;
    expect((await client.get("/api/booking/cart")).body.data.items).toHaveLength(1);
    expect(await holdsInObject(w.vendorId)).toHaveLength(1);
  });

  it("keeps every item when merges race (the checkout page and the app shell both merge right after signup)", async () => {
    const w = await world();
    const client = new Client();
    const added = await add(client, w, `${TUE} 10:00`);
    const cartCookie = client.cookie!;
    await signUp(client);
    const sessionCookie = client.cookie!;
    const racers = Array.from({ length: 20 }, () => {
      const c = new Client();
      c.cookie = `${sessionCookie}; ${cartCookie}`;
      return c.post("/api/booking/cart/merge");
    });
    const answers = await Promise.all(racers);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    client.cookie = sessionCookie;
    const cart = await client.get("/api/booking/cart");
    expect(cart.body.data.items.map((i: { cartitemid: number }) => i.cartitemid)).toEqual([added.body.data.cartitemid]);
  });

  it("needs a signed-in user", async () => {
    expect((await new Client().post("/api/booking/cart/merge")).body.error.code).toBe("INVALID_SESSION");
  });
});
