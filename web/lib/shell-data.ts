import type { Profile } from "../../schema/payloads/accounts";
import type { NavCategory, ShellData } from "../../schema/payloads/shell";

/**
 * Reads ShellData from the request context handed over by the Worker, defensively: it is a null-prototype
 * object from another module and must become plain JSON before it is dehydrated into the page.
 */
export function shellFromServerContext(ctx: unknown): ShellData | null {
  if (!ctx || typeof ctx !== "object") return null;
  const c = ctx as Partial<ShellData>;
  if (!("viewer" in c) && !("categories" in c) && !("supportPhone" in c)) return null;
  try {
    return JSON.parse(
      JSON.stringify({
        viewer: (c.viewer ?? null) as Profile | null,
        categories: (Array.isArray(c.categories) ? c.categories : []) as NavCategory[],
        supportPhone: typeof c.supportPhone === "string" ? c.supportPhone : "",
        compatibilityLevel: typeof c.compatibilityLevel === "number" ? c.compatibilityLevel : 1,
        featuredDiscounts: Array.isArray(c.featuredDiscounts) ? c.featuredDiscounts : [],
        demo: c.demo === true,
        botcheck:
          c.botcheck?.provider === "turnstile"
            ? { provider: "turnstile", siteKey: typeof c.botcheck.siteKey === "string" ? c.botcheck.siteKey : null }
            : { provider: "local" },
      }),
    ) as ShellData;
  } catch {
    return null;
  }
}
