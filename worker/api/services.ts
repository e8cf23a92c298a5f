import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { licenseAllowsService } from "../../domain/vendor/licenses";
import {
  checkOptionGroups,
  MAX_SERVICE_MESSAGE,
  normalizeOptionGroups,
  parseOptionGroups,
} from "../../domain/vendor/service-options";
import { serviceCodeGroups, servicePrices, services } from "../../schema/tables/catalogue";
import { zipcodes } from "../../schema/tables/places";
import { vendorLicenses, vendors, vendorServices } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { requireVendor, viewerOf } from "../middleware/roles";
import { NumberId } from "../../schema/payloads/bounds";

type Db = AppEnv["Variables"]["db"];

const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
const StatusBody = v.object({
  enable: v.boolean("Say whether the service is on (true) or off (false)."),
  service_id: v.optional(NumberId),
});
/** Shape only, with generous caps against huge bodies; the docs/product.md section 5 limits answer their own codes. */
const SaveBody = v.object({
  service_id: NumberId,
  message: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(MAX_SERVICE_MESSAGE, "Keep the message under 500 characters.")),
  ),
  option_groups: v.pipe(
    v.array(
      v.object({
        title: v.pipe(v.string(), v.maxLength(200)),
        choices: v.pipe(v.array(v.object({ label: v.pipe(v.string(), v.maxLength(200)) })), v.maxLength(100)),
      }),
    ),
    v.maxLength(100),
  ),
});

/** The vendor's services with the price clients in the vendor's base area pay, licence state and options. */
async function serviceList(db: Db, vendorId: number, now: number) {
  const [vendor] = await db
    .select({ base_zip: vendors.base_zip, area_id: zipcodes.area_id })
    .from(vendors)
    .leftJoin(zipcodes, eq(zipcodes.zip, vendors.base_zip))
    .where(eq(vendors.vendor_id, vendorId))
    .limit(1);
  const areaId = vendor?.area_id ?? null;
  const rows = await db
    .select({
      service_id: services.service_id,
      service_code: services.service_code,
      name: services.description,
      long_description: services.long_description,
      duration_minutes: services.duration_minutes,
      base_price_cents: services.base_price_cents,
      area_price_cents: areaId === null ? sql<number | null>`NULL` : servicePrices.price_cents,
      price_override_cents: vendorServices.price_override_cents,
      enabled: vendorServices.enabled,
      restricted_at: vendorServices.restricted_at,
      restricted_reason: vendorServices.restricted_reason,
      options: vendorServices.options,
      message: vendorServices.message,
      group_id: serviceCodeGroups.service_code_group_id,
      group_name: serviceCodeGroups.name,
      group_code: serviceCodeGroups.slug,
      license_required: serviceCodeGroups.license_required,
      license_status: vendorLicenses.status,
      license_expires_at: vendorLicenses.expires_at,
    })
    .from(vendorServices)
    .innerJoin(services, eq(services.service_id, vendorServices.service_id))
    .innerJoin(serviceCodeGroups, eq(serviceCodeGroups.service_code_group_id, services.service_code_group_id))
    .leftJoin(
      servicePrices,
      and(eq(servicePrices.service_id, services.service_id), eq(servicePrices.area_id, areaId ?? -1)),
    )
    .leftJoin(
      vendorLicenses,
      and(
        eq(vendorLicenses.vendor_id, vendorServices.vendor_id),
        eq(vendorLicenses.service_code_group_id, serviceCodeGroups.service_code_group_id),
      ),
    )
    .where(and(eq(vendorServices.vendor_id, vendorId), eq(services.enable, true)))
    .orderBy(asc(serviceCodeGroups.display_order), desc(services.is_popular), desc(services.order_rank));
  return rows.map((r) => {
    const license =
      r.license_status && r.license_expires_at !== null
        ? { status: r.license_status, expires_at: r.license_expires_at }
        : null;
    return {
      service_id: r.service_id,
      service_code: r.service_code,
      name: r.name,
      long_description: r.long_description,
      duration_minutes: r.duration_minutes,
      group: { service_code_group_id: r.group_id, name: r.group_name, service_code: r.group_code },
      price_cents: r.price_override_cents ?? r.area_price_cents ?? r.base_price_cents,
      enabled: r.enabled && r.restricted_at === null,
      restricted: r.restricted_at !== null,
      restricted_reason: r.restricted_at === null ? null : (r.restricted_reason ?? null),
      license_required: r.license_required,
      license_ok: !r.license_required || licenseAllowsService(license, now),
      message: r.message ?? "",
      option_groups: parseOptionGroups(r.options),
    };
  });
}

async function ownLink(db: Db, vendorId: number, serviceId: number, now: number) {
  const link = (await serviceList(db, vendorId, now)).find((s) => s.service_id === serviceId);
  if (!link) fail("SERVICE_NOT_APPROVED");
  return link;
}

/**
 * What a pro offers (docs/product.md section 7: GET /services, PUT /service/{id}/status, POST /service/save): the list at
 * /api/services, the changes under /api/service. Vendors only, their own services.
 */
export const servicesApi = new Hono<AppEnv>().use("/", requireVendor).get("/", async (c) => {
  const vendorId = viewerOf(c).vendor_id!;
  return c.json({ data: { services: await serviceList(c.get("db"), vendorId, c.get("now")) } });
});

export const serviceApi = new Hono<AppEnv>()
  .use("/*", requireVendor)
  .put("/:id/status", validate("param", v.object({ id: Id })), validate("json", StatusBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (body.service_id !== undefined && body.service_id !== id)
      fail("INVALID_INPUT", { service_id: "The service in the body must match the address." });
    const db = c.get("db");
    const now = c.get("now");
    const vendorId = viewerOf(c).vendor_id!;
    const link = await ownLink(db, vendorId, id, now);
    if (link.restricted) fail("SERVICE_NOT_APPROVED");
    if (body.enable && !link.license_ok) fail("LICENSE_REQUIRED");
    // Switching on is conditional on the licence in the same statement (decision 121): a licence rejected or
    // lapsed between the check above and this write leaves the service off.
    const [changed] = await db
      .update(vendorServices)
      .set({ enabled: body.enable })
      .where(
        and(
          eq(vendorServices.vendor_id, vendorId),
          eq(vendorServices.service_id, id),
          body.enable
            ? sql`(NOT EXISTS (SELECT 1 FROM services s JOIN service_code_groups g
                     ON g.service_code_group_id = s.service_code_group_id
                   WHERE s.service_id = ${id} AND g.license_required = 1)
                 OR EXISTS (SELECT 1 FROM vendor_licenses l JOIN services s
                     ON s.service_code_group_id = l.service_code_group_id
                   WHERE s.service_id = ${id} AND l.vendor_id = ${vendorId} AND l.status = 'approved'
                     AND l.expires_at > ${now}))`
            : sql`1 = 1`,
        ),
      )
      .returning({ id: vendorServices.service_id });
    if (!changed) fail("LICENSE_REQUIRED");
    return c.json({ data: { service: await ownLink(db, vendorId, id, now) }, code: "SAVED" });
  })

  .post("/save", validate("json", SaveBody), async (c) => {
    const body = c.req.valid("json");
    const problem = checkOptionGroups(body.option_groups);
    if (problem) fail(problem);
    const db = c.get("db");
    const now = c.get("now");
    const vendorId = viewerOf(c).vendor_id!;
    const link = await ownLink(db, vendorId, body.service_id, now);
    if (link.restricted) fail("SERVICE_NOT_APPROVED");
    await db
      .update(vendorServices)
      .set({
        options: JSON.stringify(normalizeOptionGroups(body.option_groups)),
        ...(body.message !== undefined ? { message: body.message || null } : {}),
      })
      .where(and(eq(vendorServices.vendor_id, vendorId), eq(vendorServices.service_id, body.service_id)));
    return c.json({ data: { service: await ownLink(db, vendorId, body.service_id, now) }, code: "SAVED" });
  });
