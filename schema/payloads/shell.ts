import type { Profile } from "./accounts";

/**
 * What every page's chrome needs: who is signed in and the catalogue for the header. The Worker computes it
 * once per server render and hands it to the React app as request context (no extra round trip); the
 * browser fetches the same shape from GET /api/shell when it needs to refresh it.
 */
export interface ShellData {
  viewer: Profile | null;
  categories: NavCategory[];
  supportPhone: string;
  /** docs/product.md section 4 "Compatibility level"; fixed at 1 today, raised by operators for banners. */
  compatibilityLevel: number;
  /** Discounts (cents) of the featured services; the level-8 signup promo needs some and none negative. */
  featuredDiscounts: number[];
  /** True when the Worker runs as a public demo (DEMO_MODE=1): payments take test cards; every page says so. */
  demo?: boolean;
  /**
   * The bot check the forms that text a phone or create an account must pass (decision 055, 057): the local
   * pass-through (forms send LOCAL_BOTCHECK_TOKEN), or Turnstile with its public site key (null when the
   * deployment forgot it: the forms say so instead of failing on submit).
   */
  botcheck?: BotCheckConfig;
}

export type BotCheckConfig = { provider: "local" } | { provider: "turnstile"; siteKey: string | null };

/** What the forms send as the bot-check token with the local pass-through (which accepts any request). */
export const LOCAL_BOTCHECK_TOKEN = "local-pass-through";

export interface NavCategory {
  service_code_group_id: number;
  name: string;
  display_order: number;
  services: NavService[];
}

export interface NavService {
  service_id: number;
  description: string;
  slug: string;
}
