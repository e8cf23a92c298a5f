import type { CustomServiceChoices, StaffCustomServiceRow } from "../../schema/contracts/admin";
import type { CustomServiceInput } from "../../schema/payloads/catalogue";
import { newAuditedAction, runAudited, type AuditedAction } from "../admin/audit";
import { offsetOf, pageOf } from "../admin/paging";
import { fail } from "../http/errors";

/**
 * Staff manage custom services (docs/decisions/134): services offered in one price area (or everywhere) that
 * the catalogue does not list, shown to customers of that area in the category's "custom services"
 * (GET /booking/customService, serviceAndCategory's customSC). Create, edit and retire are each one audited
 * D1 batch whose first statement checks the state staff saw, so a lost race writes nothing.
 */

/** Categories from this id on are special entries (gift cards, membership, completed orders), not services. */
export const SPECIAL_CATEGORY_FROM = 10000;

const ROW = `SELECT cs.custom_service_id, cs.custom_sc, cs.service_code_group_id, g.name AS group_name, cs.area_id,
    a.name AS area_name, cs.name, cs.description, cs.duration_minutes, cs.price_cents, cs.enable, cs.created_at
  FROM custom_services cs
  JOIN service_code_groups g ON g.service_code_group_id = cs.service_code_group_id
  LEFT JOIN price_areas a ON a.area_id = cs.area_id`;

type RawRow = Omit<StaffCustomServiceRow, "enable"> & { enable: number };
const view = (r: RawRow): StaffCustomServiceRow => ({ ...r, enable: r.enable === 1 });

/** 10 a page, newest first; `state` active (default), retired or all; optionally one area. */
export async function listCustomServices(
  d1: D1Database,
  q: { page: number; state: "active" | "retired" | "all"; area_id: number | null },
) {
  const rows = await d1
    .prepare(
      `${ROW} WHERE (?1 = 'all' OR cs.enable = (?1 = 'active')) AND (?2 IS NULL OR cs.area_id = ?2)
       ORDER BY cs.custom_service_id DESC LIMIT 11 OFFSET ?3`,
    )
    .bind(q.state, q.area_id, offsetOf(q.page))
    .all<RawRow>();
  return pageOf(rows.results.map(view), q.page);
}

export async function customServiceChoices(d1: D1Database): Promise<CustomServiceChoices> {
  const [areas, groups] = await d1.batch([
    d1.prepare(`SELECT area_id, name FROM price_areas ORDER BY name, area_id`),
    d1.prepare(
      `SELECT service_code_group_id, name FROM service_code_groups WHERE service_code_group_id < ${SPECIAL_CATEGORY_FROM}
       ORDER BY display_order, name`,
    ),
  ]);
  return {
    areas: areas!.results as CustomServiceChoices["areas"],
    groups: groups!.results as CustomServiceChoices["groups"],
  };
}

async function rowOf(d1: D1Database, id: number): Promise<StaffCustomServiceRow | null> {
  const r = await d1.prepare(`${ROW} WHERE cs.custom_service_id = ?1`).bind(id).first<RawRow>();
  return r ? view(r) : null;
}

/** The category and area must exist (checked again inside the write, `valid`). */
async function checkRefs(d1: D1Database, input: CustomServiceInput) {
  const found = await d1
    .prepare(
      `SELECT (SELECT count(*) FROM service_code_groups WHERE service_code_group_id = ?1 AND service_code_group_id < ${SPECIAL_CATEGORY_FROM}) AS g,
              (SELECT count(*) FROM price_areas WHERE area_id = ?2) AS a`,
    )
    .bind(input.service_code_group_id, input.area_id)
    .first<{ g: number; a: number }>();
  if (!found?.g) fail("INVALID_INPUT", { service_code_group_id: "Pick a service category." });
  if (input.area_id !== null && !found.a) fail("INVALID_INPUT", { area_id: "Pick an area, or everywhere." });
}

const VALID_REFS = `EXISTS (SELECT 1 FROM service_code_groups WHERE service_code_group_id = ?1 AND service_code_group_id < ${SPECIAL_CATEGORY_FROM})
  AND (?2 IS NULL OR EXISTS (SELECT 1 FROM price_areas WHERE area_id = ?2))`;

const fields = (i: CustomServiceInput) => ({
  service_code_group_id: i.service_code_group_id,
  area_id: i.area_id,
  name: i.name,
  description: i.description || null,
  duration_minutes: i.duration_minutes,
  price_cents: i.price_cents,
});

/** The audit row of a create, whose target id is read from the row just inserted (by its unique code). */
function createAudit(d1: D1Database, op: AuditedAction, actor: number, code: string, after: unknown, now: number) {
  return d1
    .prepare(
      `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, reason, before_value, after_value, details, op_key, created_at)
       SELECT ?1, 'custom_service.create', 'custom_service', CAST(custom_service_id AS TEXT), NULL, 'null', ?2, NULL, ?3, ?4
       FROM custom_services WHERE custom_sc = ?5 AND changes() > 0`,
    )
    .bind(actor, JSON.stringify(after), op.opKey, now, code);
}

export async function createCustomService(
  d1: D1Database,
  input: CustomServiceInput,
  actorUserId: number,
  now: number,
): Promise<StaffCustomServiceRow> {
  await checkRefs(d1, input);
  const f = fields(input);
  const code = `CS-${crypto.randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
  const op = newAuditedAction();
  const [inserted, audited] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO custom_services (service_code_group_id, area_id, custom_sc, name, description, duration_minutes, price_cents, enable, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8 WHERE ${VALID_REFS}`,
      )
      .bind(f.service_code_group_id, f.area_id, code, f.name, f.description, f.duration_minutes, f.price_cents, now),
    createAudit(d1, op, actorUserId, code, { custom_sc: code, ...f }, now),
  ]);
  // The category or area went away between the check and the write.
  if (!inserted!.meta.changes || !audited!.meta.changes) fail("STAFF_ACTION_NOT_ALLOWED");
  const id = (await d1.prepare(`SELECT custom_service_id FROM custom_services WHERE custom_sc = ?1`).bind(code).first<{
    custom_service_id: number;
  }>())!.custom_service_id;
  return (await rowOf(d1, id))!;
}

/**
 * Edits an active custom service. The write checks that the row is still exactly as read (another edit or a
 * retirement in between refuses this one with STAFF_ACTION_NOT_ALLOWED), so the audit's "before" is true.
 */
export async function updateCustomService(
  d1: D1Database,
  id: number,
  input: CustomServiceInput,
  actorUserId: number,
  now: number,
): Promise<StaffCustomServiceRow> {
  const current = await rowOf(d1, id);
  if (!current) fail("NOT_FOUND");
  if (!current.enable) fail("STAFF_ACTION_NOT_ALLOWED");
  await checkRefs(d1, input);
  const before = fields({ ...current, description: current.description ?? "" });
  const after = fields(input);
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE custom_services SET service_code_group_id = ?1, area_id = ?2, name = ?3, description = ?4,
           duration_minutes = ?5, price_cents = ?6
         WHERE custom_service_id = ?7 AND enable = 1 AND ${VALID_REFS}
           AND service_code_group_id = ?8 AND area_id IS ?9 AND name = ?10 AND description IS ?11
           AND duration_minutes = ?12 AND price_cents = ?13`,
      )
      .bind(
        after.service_code_group_id,
        after.area_id,
        after.name,
        after.description,
        after.duration_minutes,
        after.price_cents,
        id,
        before.service_code_group_id,
        before.area_id,
        before.name,
        before.description,
        before.duration_minutes,
        before.price_cents,
      ),
    {
      actorUserId,
      action: "custom_service.edit",
      targetType: "custom_service",
      targetId: id,
      before,
      after,
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return (await rowOf(d1, id))!;
}

/** Retires an active custom service (customers stop seeing it) or restores a retired one; a reason is kept. */
export async function setCustomServiceEnabled(
  d1: D1Database,
  id: number,
  enable: boolean,
  reason: string,
  actorUserId: number,
  now: number,
): Promise<StaffCustomServiceRow> {
  const current = await rowOf(d1, id);
  if (!current) fail("NOT_FOUND");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(`UPDATE custom_services SET enable = ?2 WHERE custom_service_id = ?1 AND enable = ?3`)
      .bind(id, enable ? 1 : 0, enable ? 0 : 1),
    {
      actorUserId,
      action: enable ? "custom_service.restore" : "custom_service.retire",
      targetType: "custom_service",
      targetId: id,
      reason,
      before: { enable: !enable },
      after: { enable },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return (await rowOf(d1, id))!;
}
