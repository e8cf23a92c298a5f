import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { VendorLiveEvent } from "../../schema/payloads/vendor-live";
import { signedInAdmin } from "../admin/test-fixtures";
import { sha256Hex } from "../auth/crypto";
import { makeVendor } from "../calendar/test-fixtures";
import { calendarFor } from "../calendar/calendar-client";
import {
  at,
  bookJob,
  customer,
  insertJob,
  lastText,
  TUE,
  vendorWorld,
  type VendorWorld,
} from "../orders/test-fixtures";
import { Client, lastCodeSentTo, ORIGIN, T0 } from "../test-utils";
import { SUBSCRIPTION_ENDED_TEXT } from "./stand-down";

/**
 * Account states that really stop a pro (docs/decisions/118): what a deactivation and a termination leave
 * behind, and ending a session closing that session's live sockets at once.
 */

const reason = "Staff decision for the test";

/** Opens the pro's dashboard socket and records what it receives and how it closes. */
async function openLive(client: Client) {
  const res = await SELF.fetch(`${ORIGIN}/api/vendor/me/live`, {
    headers: { Upgrade: "websocket", cookie: client.cookie ?? "", "x-test-now": String(client.now) },
  });
  const ws = res.webSocket;
  const events: VendorLiveEvent[] = [];
  const closed: { code?: number } = {};
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      if (typeof e.data === "string" && e.data !== "pong") events.push(JSON.parse(e.data) as VendorLiveEvent);
    });
    ws.addEventListener("close", (e) => {
      closed.code = e.code;
    });
  }
  return { res, ws, events, closed };
}

async function waitFor<T>(probe: () => T | undefined, ms = 2_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A job's change pushed to the pro's dashboards; answers how many sockets it reached. */
const push = (vendorId: number) =>
  calendarFor(env, vendorId).notify({ type: "job.changed", service_order_id: 1, at: T0 });

async function clientSubscription(world: VendorWorld, phone: string) {
  const row = await env.DB.prepare(
    `INSERT INTO client_subscriptions (vendor_id, client_name, client_phone, service_id, price_cents, interval_days,
       next_service_at, job_minutes, address, zipcode, status, created_at, updated_at)
     VALUES (?, 'Cleo Client', ?, ?, 9000, 14, ?, 60, '1 Main St', ?, 'active', ?, ?) RETURNING client_subscription_id`,
  )
    .bind(world.vendorId, phone, world.serviceId, at(TUE, "15:00"), world.zip, T0, T0)
    .first<{ client_subscription_id: number }>();
  return row!.client_subscription_id;
}

/** A pro with an upcoming accepted job, a live client subscription and another pro who can take the job. */
async function busyPro() {
  const world = await vendorWorld();
  const zip = await env.DB.prepare("SELECT latitude, longitude FROM zipcodes WHERE zip = ?")
    .bind(world.zip)
    .first<{ latitude: number; longitude: number }>();
  const other = await makeVendor({ near: zip!, offers: [{ serviceId: world.serviceId }] });
  const ava = await customer();
  const job = await insertJob({ userId: ava.user_id, world, start: at(TUE, "10:00") });
  await bookJob(world, job.soid, job.start);
  const clientPhone = (await customer("Cleo Client")).phone;
  const subId = await clientSubscription(world, clientPhone);
  return { world, other, ava, job, clientPhone, subId };
}

describe("terminating a pro", () => {
  it("closes their open dashboard, re-offers their upcoming job, tells the customer and their clients, and refuses what they do next", async () => {
    const { world, other, ava, job, clientPhone, subId } = await busyPro();
    const pro = world.vendorClient;
    const live = await openLive(pro);
    expect(live.res.status).toBe(101);
    await waitFor(() => live.events.find((e) => e.type === "hello"));

    const { client: staff } = await signedInAdmin("55");
    const res = await staff.post(`/api/admin/vendors/${world.vendorId}/terminate`, { reason });
    expect(res.status).toBe(200);
    expect(res.body.data.reoffered).toEqual({ [job.soid]: [other] });

    // The dashboard is closed at once with the account-closed code, and receives nothing more.
    expect(await waitFor(() => live.closed.code)).toBe(4003);
    expect(live.events.at(-1)).toMatchObject({ type: "closed", reason: "account_closed" });
    const before = live.events.length;
    expect(await push(world.vendorId)).toBe(0);
    expect(live.events.length).toBe(before);

    // The customer is told; the client subscription ended and its client told.
    expect(await lastText(ava.phone)).toMatch(/can no longer do your .* offering it to other pros/);
    const sub = await env.DB.prepare(
      "SELECT status, cancel_reason FROM client_subscriptions WHERE client_subscription_id = ?",
    )
      .bind(subId)
      .first();
    expect(sub).toEqual({ status: "cancelled", cancel_reason: "vendor_inactive" });
    expect(await lastText(clientPhone)).toBe(SUBSCRIPTION_ENDED_TEXT);
    const job2 = await env.DB.prepare(
      "SELECT vendor_id, service_order_status_id FROM service_orders WHERE service_order_id = ?",
    )
      .bind(job.soid)
      .first();
    expect(job2).toEqual({ vendor_id: null, service_order_status_id: ServiceOrderStatus.PENDING });

    // Their next actions are refused; their pay history and statements stay readable.
    const charge = await pro.post("/api/vendor/me/add-charge", { service_order_id: job.soid, amount: 2000 });
    expect(charge.status).toBe(403);
    expect(charge.body.error.code).toBe("VENDOR_TERMINATED");
    expect((await pro.post("/api/sms/customer", { service_order_id: job.soid, message: "hi" })).body.error.code).toBe(
      "VENDOR_TERMINATED",
    );
    expect((await pro.post("/api/vendor/me/calendar/time-off", {})).body.error.code).toBe("VENDOR_TERMINATED");
    expect((await pro.put("/api/vendor/me/description", { description: "x" })).body.error.code).toBe(
      "VENDOR_TERMINATED",
    );
    expect((await openLive(pro)).res.status).toBe(403);
    expect((await pro.post("/api/vendor/me/pay-complete", {})).status).toBe(200);
    const profile = await pro.get("/api/vendor/me/profile");
    expect(profile.body.data ?? profile.body).toMatchObject({ account_state: "terminated" });

    // The public page no longer lists them.
    const page = await new Client().get(`/api/booking/vendorService?vendorId=${world.vendorId}&zipCode=${world.zip}`);
    expect(page.status).toBe(404);
  });

  it("bars the pro's calendar object from accepting a socket once terminated, whatever the Worker checked", async () => {
    const { world } = await busyPro();
    const { client: staff } = await signedInAdmin("55");
    expect((await staff.post(`/api/admin/vendors/${world.vendorId}/terminate`, { reason })).status).toBe(200);
    const url = new URL("https://calendar.internal/live");
    url.searchParams.set("vendor", String(world.vendorId));
    url.searchParams.set("now", String(T0));
    url.searchParams.set("session", await sha256Hex("some session"));
    const res = await calendarFor(env, world.vendorId).fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
    expect(res.status).toBe(403);
  });
});

describe("staff deactivation", () => {
  it("takes the pro off like a termination, lets them ask once to come back, and staff reactivation reopens the socket", async () => {
    const { world, other, ava, job } = await busyPro();
    const pro = world.vendorClient;
    const live = await openLive(pro);
    await waitFor(() => live.events.find((e) => e.type === "hello"));
    const { client: staff } = await signedInAdmin("55");
    const off = await staff.post(`/api/admin/vendors/${world.vendorId}/deactivate`, { reason });
    expect(off.body.data).toMatchObject({ status: "deactivated", reoffered: { [job.soid]: [other] } });
    expect(await waitFor(() => live.closed.code)).toBe(4003);
    expect(await lastText(ava.phone)).toMatch(/offering it to other pros/);

    // They cannot resume it themselves, nor work; they may ask staff, once at a time (20 at once: one wins).
    expect((await pro.post("/api/vendor/me/status", { status: "active" })).body.error.code).toBe(
      "VENDOR_ACCOUNT_INACTIVE",
    );
    expect((await pro.post("/api/vendor/me/jobs/accept", { service_order_id: job.soid })).body.error.code).toBe(
      "VENDOR_ACCOUNT_INACTIVE",
    );
    const asks = await Promise.all(
      Array.from({ length: 20 }, () =>
        pro.post("/api/vendor/me/reactivation-request", { note: "I renewed my insurance" }),
      ),
    );
    expect(asks.filter((a) => a.status === 200)).toHaveLength(1);
    expect(asks.filter((a) => a.status === 409).every((a) => a.body.error.code === "VENDOR_REACTIVATION_PENDING")).toBe(
      true,
    );
    expect(asks.filter((a) => a.status === 409)).toHaveLength(19);
    const list = await staff.get(`/api/admin/vendors?q=${encodeURIComponent(world.vendorName)}`);
    expect(list.body.data.items[0]).toMatchObject({
      status: "deactivated",
      deactivated_by: "staff",
      reactivation_requested_at: T0,
      reactivation_note: "I renewed my insurance",
    });

    expect((await staff.post(`/api/admin/vendors/${world.vendorId}/reactivate`, { reason })).status).toBe(200);
    const after = await staff.get(`/api/admin/vendors?q=${encodeURIComponent(world.vendorName)}`);
    expect(after.body.data.items[0]).toMatchObject({ status: "active", reactivation_requested_at: null });
    expect((await openLive(pro)).res.status).toBe(101);
    // An active pro has nothing to ask for.
    expect((await pro.post("/api/vendor/me/reactivation-request", {})).status).toBe(403);
  });

  it("leaves a pro who paused their own account free to resume it, and staff can still deactivate them", async () => {
    const world = await vendorWorld();
    const pro = world.vendorClient;
    expect((await pro.post("/api/vendor/me/status", { status: "deactivated" })).body.data.status).toBe("deactivated");
    expect((await pro.get("/api/vendor/me/profile")).body.data ?? {}).toMatchObject({ account_state: "paused" });
    expect((await pro.put("/api/vendor/me/description", { description: "Back soon" })).status).toBe(200);
    expect((await pro.post("/api/vendor/me/status", { status: "active" })).body.data.status).toBe("active");
    await pro.post("/api/vendor/me/status", { status: "deactivated" });
    const { client: staff } = await signedInAdmin("55");
    expect((await staff.post(`/api/admin/vendors/${world.vendorId}/deactivate`, { reason })).status).toBe(200);
    expect((await pro.post("/api/vendor/me/status", { status: "active" })).body.error.code).toBe(
      "VENDOR_ACCOUNT_INACTIVE",
    );
  });
});

describe("ending a session closes its live sockets", () => {
  it("logout closes that session's socket at once (it receives nothing more) and leaves another session's open", async () => {
    const world = await vendorWorld();
    const first = world.vendorClient;
    const second = new Client();
    expect((await second.post("/api/login", { phone: world.vendorPhone, password: "correct horse" })).status).toBe(200);
    const a = await openLive(first);
    const b = await openLive(second);
    await waitFor(() => a.events.find((e) => e.type === "hello"));
    await waitFor(() => b.events.find((e) => e.type === "hello"));
    const oldCookie = first.cookie;

    expect((await first.get("/api/logout")).status).toBe(200);
    expect(await waitFor(() => a.closed.code)).toBe(4001);
    expect(a.events.at(-1)).toMatchObject({ type: "closed", reason: "session_ended" });
    expect(await push(world.vendorId)).toBe(1);
    await waitFor(() => b.events.find((e) => e.type === "job.changed"));
    expect(a.events.some((e) => e.type === "job.changed")).toBe(false);
    expect(b.closed.code).toBeUndefined();

    // The ended session opens nothing again, at the Worker or at the object.
    const replay = new Client();
    replay.cookie = oldCookie;
    expect((await openLive(replay)).res.status).toBe(401);
    const url = new URL("https://calendar.internal/live");
    url.searchParams.set("vendor", String(world.vendorId));
    url.searchParams.set("now", String(T0));
    url.searchParams.set("session", await sha256Hex(oldCookie!.split("=")[1]!));
    expect(
      (await calendarFor(env, world.vendorId).fetch(new Request(url, { headers: { Upgrade: "websocket" } }))).status,
    ).toBe(401);
  });
  it("a password reset closes every socket of the pro at once", async () => {
    const world = await vendorWorld();
    const live = await openLive(world.vendorClient);
    await waitFor(() => live.events.find((e) => e.type === "hello"));
    const reset = new Client();
    reset.now = T0 + 60_000;
    expect((await reset.post("/api/resetPassword/verifyOwner", { phone: world.vendorPhone })).status).toBe(200);
    const code = await lastCodeSentTo(world.vendorPhone);
    const done = await reset.post("/api/resetPassword", { phone: world.vendorPhone, code, password: "brand new pass" });
    expect(done.status).toBe(200);
    expect(await waitFor(() => live.closed.code)).toBe(4001);
    expect(await push(world.vendorId)).toBe(0);
    // The new session opens a socket as usual.
    expect((await openLive(reset)).res.status).toBe(101);
  });
});
