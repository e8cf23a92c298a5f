import { env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../domain/messages";
import {
  refusalCode,
  VENDOR_ACCOUNT_STATES,
  vendorMay,
  type VendorAccountState,
} from "../../domain/vendors/account-policy";
import { createApp } from "../app";
import type { SessionUser } from "../auth/sessions";
import type { AppEnv } from "../http/types";
import { Client, makeVendor, signUp, T0 } from "../test-utils";
import { isVendorArea, VENDOR_ROUTE_ACTIONS, vendorAccount } from "./vendor-account";

/**
 * The account policy at the edge (docs/decisions/118): every governed route of the running app (read from
 * its route table, as worker/api/route-table.test.ts does) is classified, and answers as the policy says for a
 * pro in every state. A route added later without a classification fails here and is refused in production.
 */

/** Every governed route the app serves: "METHOD path" (middleware rows, registered as ALL, are not routes). */
function governedRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of createApp().routes) {
    if (r.method === "ALL" || r.path.endsWith("*") || !isVendorArea(r.path)) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

/** A signed-in user in each state of the policy. */
async function clientIn(state: VendorAccountState): Promise<Client> {
  const client = new Client();
  const { profile } = await signUp(client, { name: `Pro ${state}` });
  if (state === "pending") {
    await env.DB.prepare(
      "INSERT INTO vendor_applications (user_id, name, phone, email, zipcode, status, created_at) VALUES (?, ?, ?, ?, '10001', 'submitted', ?)",
    )
      .bind(profile.user_id, profile.name, profile.phone, profile.email ?? "a@example.com", T0)
      .run();
    return client;
  }
  const vendorId = await makeVendor(profile.user_id, { baseZip: "10001" });
  const set: Record<Exclude<VendorAccountState, "pending">, string> = {
    active: "status = 'active'",
    paused: "status = 'deactivated', deactivated_by = 'pro'",
    soft_banned: "soft_banned = 1, reliability = 1",
    deactivated: "status = 'deactivated', deactivated_by = 'staff'",
    terminated: "status = 'terminated', payouts_paused = 1",
  };
  await env.DB.prepare(`UPDATE vendors SET ${set[state]} WHERE vendor_id = ?`).bind(vendorId).run();
  return client;
}

const policyCodes = new Set<string>([
  "VENDOR_ACCOUNT_INACTIVE",
  "VENDOR_TERMINATED",
  "VENDOR_SOFT_BANNED",
  "VENDOR_APPLICANT_NOT_APPROVED",
  "VENDOR_ACTION_UNCLASSIFIED",
]);

describe("vendor account policy on every vendor route", () => {
  const routes = governedRoutes();

  it("classifies every governed route of the app, and nothing the app does not serve", () => {
    expect(routes.length).toBeGreaterThan(70);
    const unclassified = routes.map((r) => `${r.method} ${r.path}`).filter((k) => !(k in VENDOR_ROUTE_ACTIONS));
    expect(unclassified, "classify these routes in worker/middleware/vendor-account.ts").toEqual([]);
    const served = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(VENDOR_ROUTE_ACTIONS).filter((k) => !served.has(k))).toEqual([]);
  });

  for (const state of VENDOR_ACCOUNT_STATES) {
    it(`answers every route as the policy says for a ${state} account`, async () => {
      const client = await clientIn(state);
      const wrong: string[] = [];
      for (const { method, path } of routes) {
        const url = path.replace(/:[a-zA-Z]+/g, "1");
        // An empty object: allowed routes stop at their own validation, so the walk changes nothing.
        const reply = await client.call(method, url, method === "GET" ? undefined : {});
        const code = (reply.body as { error?: { code?: string } })?.error?.code;
        const action = VENDOR_ROUTE_ACTIONS[`${method} ${path}`]!;
        if (vendorMay(state, action)) {
          if (code && policyCodes.has(code)) wrong.push(`${method} ${path} (${action}) refused with ${code}`);
        } else if (reply.status !== 403 || code !== refusalCode(state)) {
          wrong.push(`${method} ${path} (${action}) answered ${reply.status} ${code ?? ""}, not ${refusalCode(state)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("refuses a refused action with the catalogue's message, and keeps signed-out and customer answers", async () => {
    const terminated = await clientIn("terminated");
    const reply = await terminated.put("/api/vendor/me/description", { description: "New text" });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toEqual({
      code: "VENDOR_TERMINATED",
      message: catalogue.VENDOR_TERMINATED.text,
    });
    // Reading pay history and statements stays open to a terminated pro.
    expect((await terminated.post("/api/vendor/me/pay-complete", {})).status).toBe(200);
    expect((await new Client().post("/api/sms/customer", {})).body.error.code).toBe("INVALID_SESSION");
    const customer = new Client();
    await signUp(customer);
    expect((await customer.post("/api/service/save", {})).body.error.code).toBe("FORBIDDEN");
  });

  it("refuses a route nobody classified, for every account (fail closed)", async () => {
    const client = new Client();
    const { profile } = await signUp(client);
    const vendorId = await makeVendor(profile.user_id);
    const viewer = { ...(profile as object), user_id: profile.user_id, vendor_id: vendorId } as SessionUser;
    const app = new Hono<AppEnv>()
      .use("*", async (c, next) => {
        c.set("viewer", viewer);
        await next();
      })
      .use("/api/*", vendorAccount)
      .post("/api/vendor/me/brand-new-action", (c) => c.json({ data: "done" }))
      .post("/api/elsewhere", (c) => c.json({ data: "not governed" }));
    app.onError((err, c) => c.json({ code: (err as { code?: string }).code }, 403));
    const refused = await app.request("/api/vendor/me/brand-new-action", { method: "POST" }, env);
    expect(await refused.json()).toEqual({ code: "VENDOR_ACTION_UNCLASSIFIED" });
    expect(await (await app.request("/api/elsewhere", { method: "POST" }, env)).json()).toEqual({
      data: "not governed",
    });
  });
});
