import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { catalogueWorld, insertArea, insertZip, type CatalogueWorld } from "../../catalogue/test-fixtures";
import { Client } from "../../test-utils";

/**
 * Custom services (docs/decisions/134): staff create one for an area; a customer in that area sees it in
 * GET /booking/customService and serviceAndCategory's customSC, one elsewhere does not; edits and retirement
 * are audited and checked against the state staff saw.
 */
let w: CatalogueWorld;
let staff: Client;
let staffId: number;
let austinArea: number;

beforeAll(async () => {
  w = await catalogueWorld();
  austinArea = await insertArea({ name: "Austin", center_zip: "78701", latitude: 30.2711, longitude: -97.7437 });
  await insertZip({
    zip: "78701",
    city: "Austin",
    state: "TX",
    latitude: 30.2711,
    longitude: -97.7437,
    area_id: austinArea,
  });
  ({ client: staff, user_id: staffId } = await signedInAdmin());
});

const bridal = () => ({
  service_code_group_id: w.groups.hair,
  area_id: w.areaId,
  name: "Bridal Party Updos",
  description: "Up to four updos at one address, with a trial.",
  duration_minutes: 180,
  price_cents: 42000,
});

const customerSees = async (zip: string) => {
  const list = await new Client().get(`/api/booking/customService/?zipCode=${zip}&serviceGroupId=${w.groups.hair}`);
  const sc = await new Client().post("/api/booking/serviceAndCategory", { zipCode: zip });
  return {
    list: list.body.data.items.map((i: any) => i.name) as string[],
    customSC: sc.body.data.customSC.map((i: any) => i.name) as string[],
  };
};

describe("staff custom services", () => {
  it("creates one for an area: a customer there sees it, a customer elsewhere does not; audited", async () => {
    const res = await staff.post("/api/admin/custom-services", bridal());
    expect(res.status).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({
      ...bridal(),
      group_name: "Hair",
      area_name: "Boston",
      enable: true,
    });
    expect(row.custom_sc).toMatch(/^CS-[0-9A-F]{10}$/);

    expect(await customerSees("02116")).toEqual({ list: ["Bridal Party Updos"], customSC: ["Bridal Party Updos"] });
    expect(await customerSees("78701")).toEqual({ list: [], customSC: [] });
    const [item] = (await new Client().get(`/api/booking/customService/?zipCode=02116&serviceGroupId=${w.groups.hair}`))
      .body.data.items;
    expect(item).toEqual({
      custom_service_id: row.custom_service_id,
      custom_sc: row.custom_sc,
      service_code_group_id: w.groups.hair,
      name: "Bridal Party Updos",
      description: "Up to four updos at one address, with a trial.",
      duration_minutes: 180,
      price_cents: 42000,
    });

    const audit = await auditRowsFor("custom_service", row.custom_service_id);
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([["custom_service.create", staffId]]);
    expect(JSON.parse(audit[0]!.after_value!)).toMatchObject({ name: "Bridal Party Updos", price_cents: 42000 });
  });

  it("edits one (moving it to another area) and retires it, each audited with before and after", async () => {
    const { body } = await staff.post("/api/admin/custom-services", { ...bridal(), name: "Sports Massage Team Day" });
    const id = body.data.custom_service_id;
    const moved = await staff.put(`/api/admin/custom-services/${id}`, {
      ...bridal(),
      name: "Sports Massage Team Day",
      area_id: austinArea,
      price_cents: 39000,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ area_name: "Austin", price_cents: 39000 });
    expect((await customerSees("78701")).list).toEqual(["Sports Massage Team Day"]);
    expect((await customerSees("02116")).list).not.toContain("Sports Massage Team Day");

    const retired = await staff.post(`/api/admin/custom-services/${id}/retire`, { reason: "Season is over" });
    expect(retired.body.data.enable).toBe(false);
    expect(await customerSees("78701")).toEqual({ list: [], customSC: [] });
    // Retired: no second retirement, no edit; it can be restored.
    expect(
      (await staff.post(`/api/admin/custom-services/${id}/retire`, { reason: "Season is over" })).body.error.code,
    ).toBe("STAFF_ACTION_NOT_ALLOWED");
    expect((await staff.put(`/api/admin/custom-services/${id}`, bridal())).body.error.code).toBe(
      "STAFF_ACTION_NOT_ALLOWED",
    );
    const listed = await staff.get("/api/admin/custom-services?state=retired");
    expect(listed.body.data.items.map((r: any) => r.custom_service_id)).toContain(id);

    const audit = await auditRowsFor("custom_service", id);
    expect(audit.map((a) => a.action)).toEqual([
      "custom_service.create",
      "custom_service.edit",
      "custom_service.retire",
    ]);
    expect(JSON.parse(audit[1]!.before_value!)).toMatchObject({ area_id: w.areaId, price_cents: 42000 });
    expect(JSON.parse(audit[1]!.after_value!)).toMatchObject({ area_id: austinArea, price_cents: 39000 });
    expect(audit[2]!.reason).toBe("Season is over");

    await staff.post(`/api/admin/custom-services/${id}/restore`, { reason: "Back for spring" });
    expect((await customerSees("78701")).list).toEqual(["Sports Massage Team Day"]);
  });

  it("20 edits at once: each one that lands is audited from the state it replaced, none is lost", async () => {
    const { body } = await staff.post("/api/admin/custom-services", { ...bridal(), name: "Race Facial" });
    const id = body.data.custom_service_id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff.put(`/api/admin/custom-services/${id}`, {
          ...bridal(),
          name: "Race Facial",
          price_cents: 10000 + i * 100,
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // An edit that read a state another edit replaced before it wrote is refused, not applied blind.
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.error.code === "STAFF_ACTION_NOT_ALLOWED")).toBe(
      true,
    );
    const edits = (await auditRowsFor("custom_service", id)).filter((a) => a.action === "custom_service.edit");
    expect(edits).toHaveLength(ok.length);
    let price = 42000;
    for (const e of edits) {
      expect(JSON.parse(e.before_value!).price_cents).toBe(price);
      price = JSON.parse(e.after_value!).price_cents;
    }
    const row = await env.DB.prepare("SELECT price_cents FROM custom_services WHERE custom_service_id = ?")
      .bind(id)
      .first<{ price_cents: number }>();
    expect(row!.price_cents).toBe(price);
  });

  it("refuses bad input with INVALID_INPUT and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM custom_services").first<{ n: number }>();
    for (const patch of [
      { name: "" },
      { name: "x".repeat(81) },
      { duration_minutes: 50 },
      { duration_minutes: 0 },
      { price_cents: 499 },
      { price_cents: 10.5 },
      { price_cents: "100" },
      { service_code_group_id: 999999 },
      { service_code_group_id: w.groups.gifts },
      { area_id: 999999 },
      { description: "d".repeat(501) },
    ]) {
      const res = await staff.post("/api/admin/custom-services", { ...bridal(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
    expect((await staff.put("/api/admin/custom-services/999999999", bridal())).body.error.code).toBe("NOT_FOUND");
    expect((await staff.post("/api/admin/custom-services/abc/retire", { reason: "nope nope" })).status).toBe(400);
    expect((await staff.post("/api/admin/custom-services/1/retire", {})).body.error.code).toBe("INVALID_INPUT");
    const after = await env.DB.prepare("SELECT count(*) AS n FROM custom_services").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("offers the areas and the bookable categories to choose from", async () => {
    const { body } = await staff.get("/api/admin/custom-services/choices");
    expect(body.data.areas.map((a: any) => a.name)).toEqual(expect.arrayContaining(["Austin", "Boston"]));
    const groups = body.data.groups.map((g: any) => g.service_code_group_id);
    expect(groups).toEqual(expect.arrayContaining([w.groups.massage, w.groups.hair]));
    expect(groups).not.toContain(w.groups.gifts);
    expect(groups).not.toContain(w.groups.completed);
  });
});
