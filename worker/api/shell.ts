import { and, asc, desc, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { Hono } from "hono";
import type { Profile } from "../../schema/payloads/accounts";
import type { NavCategory, ShellData } from "../../schema/payloads/shell";
import { serviceCodeGroups, services } from "../../schema/tables/catalogue";
import { SETTING_KEYS, settings } from "../../schema/tables/operations";
import { toProfile } from "../auth/profile";
import type { AppEnv } from "../http/types";
import { isDemo } from "../runtime";
import { botCheckPageConfig } from "../adapters/botcheck";

/** The header's categories with their enabled services, in display order (docs/product.md section 9 sort rules). */
async function navCategories(db: DrizzleD1Database): Promise<NavCategory[]> {
  const [groups, rows] = await Promise.all([
    db
      .select()
      .from(serviceCodeGroups)
      .where(eq(serviceCodeGroups.is_hidden, false))
      .orderBy(asc(serviceCodeGroups.display_order), asc(serviceCodeGroups.name)),
    db
      .select({
        service_id: services.service_id,
        description: services.description,
        slug: services.slug,
        group: services.service_code_group_id,
      })
      .from(services)
      .where(eq(services.enable, true))
      .orderBy(asc(services.surcharge), desc(services.order_rank)),
  ]);
  return groups.map((g) => ({
    service_code_group_id: g.service_code_group_id,
    name: g.name,
    display_order: g.display_order,
    services: rows
      .filter((s) => s.group === g.service_code_group_id)
      .map(({ service_id, description, slug }) => ({ service_id, description, slug })),
  }));
}

/** Featured services are the popular ones (as GET /booking/featured answers). */
async function featuredDiscounts(db: DrizzleD1Database): Promise<number[]> {
  const rows = await db
    .select({ discount: services.discount_cents })
    .from(services)
    .where(and(eq(services.enable, true), eq(services.is_popular, true)));
  return rows.map((r) => r.discount);
}

async function compatibilityLevel(db: DrizzleD1Database): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_KEYS.COMPATIBILITY_LEVEL)).limit(1);
  const level = row ? Number(JSON.parse(row.value)) : 1;
  return Number.isFinite(level) ? level : 1;
}

export async function shellData(env: Env, db: DrizzleD1Database, viewer: Profile | null): Promise<ShellData> {
  const [categories, level, discounts] = await Promise.all([
    navCategories(db),
    compatibilityLevel(db),
    featuredDiscounts(db),
  ]);
  return {
    viewer,
    categories,
    supportPhone: env.SUPPORT_PHONE,
    compatibilityLevel: level,
    featuredDiscounts: discounts,
    demo: isDemo(env),
    botcheck: botCheckPageConfig(env),
  };
}

/**
 * The shell for a page render. A page must still render when the database is unreachable or not migrated:
 * the failure is logged and the page gets a signed-out shell with no categories.
 */
export async function shellDataOrFallback(env: Env, db: DrizzleD1Database, viewer: Profile | null): Promise<ShellData> {
  try {
    return await shellData(env, db, viewer);
  } catch (error) {
    console.error(JSON.stringify({ at: "shellData", error: String(error) }));
    return {
      viewer: null,
      categories: [],
      supportPhone: env.SUPPORT_PHONE,
      compatibilityLevel: 1,
      featuredDiscounts: [],
      demo: isDemo(env),
      botcheck: botCheckPageConfig(env),
    };
  }
}

export const shellApi = new Hono<AppEnv>().get("/", async (c) => {
  const viewer = c.get("viewer");
  return c.json({ data: await shellData(c.env, c.get("db"), viewer ? toProfile(viewer) : null) });
});
