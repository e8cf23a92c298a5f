import { env } from "cloudflare:test";
import { expect } from "vitest";
import { makeService } from "../calendar/test-fixtures";
import { vendorWorld } from "../orders/test-fixtures";
import { Client, freshPhone, promote, signUp } from "../test-utils";

/** The request's start: 2026-11-30 14:00 in New York. */
export const START = Date.UTC(2026, 10, 30, 19);

/** A pro offering a connect service, connect staff, and a business request assigned to the pro. */
export async function connectWorld(opts: { assign?: boolean } = {}) {
  const world = await vendorWorld();
  // The request is at the pro's own ZIP: only a pro whose range reaches the address can take it (decision 123).
  const zip = { zip: world.zip };
  const service = await makeService({ type: 2, minutes: 60, price: 15_000 });
  await env.DB.prepare("INSERT INTO vendor_services (vendor_id, service_id, enabled) VALUES (?, ?, 1)")
    .bind(world.vendorId, service.serviceId)
    .run();
  const staff = new Client();
  const s = await signUp(staff, { name: "Connect Staff" });
  await promote(s.profile.user_id, { groups: "31" });
  const phone = freshPhone();
  const sent = await new Client().post("/api/connect/requests", {
    business_name: "Harbor Hotel",
    contact_name: "Maya Events",
    phone,
    email: "events@harbor.example",
    address: "1 Harbor Way",
    zipcode: zip.zip,
    date: "2026-11-30",
    time: "14:00",
    people: 12,
    service_id: service.serviceId,
    notes: "Sales team",
  });
  expect(sent.status).toBe(201);
  const id = sent.body.data.connect_request_id as number;
  if (opts.assign !== false) {
    const assigned = await staff.post(`/api/connect/admin/requests/${id}/assign`, { vendor_id: world.vendorId });
    expect(assigned.status).toBe(200);
  }
  return { world, staff, id, serviceId: service.serviceId, phone };
}

/** Another pro who offers the same connect service, based at the latest request for it (so in its range). */
export async function secondPro(serviceId: number) {
  const pro = await vendorWorld();
  await env.DB.prepare("INSERT INTO vendor_services (vendor_id, service_id, enabled) VALUES (?, ?, 1)")
    .bind(pro.vendorId, serviceId)
    .run();
  await env.DB.prepare(
    `UPDATE vendors SET (latitude, longitude) = (SELECT z.latitude, z.longitude FROM connect_requests r
       JOIN zipcodes z ON z.zip = r.zipcode WHERE r.service_id = ?2 ORDER BY r.connect_request_id DESC LIMIT 1)
     WHERE vendor_id = ?1 AND EXISTS (SELECT 1 FROM connect_requests WHERE service_id = ?2)`,
  )
    .bind(pro.vendorId, serviceId)
    .run();
  return pro;
}
