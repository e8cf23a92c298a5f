/**
 * Rules of the site chrome that are business constants (docs/product.md sections 4 and 9): the mobile breakpoint,
 * the bottom sheet's drag-to-close threshold, the compatibility-level banners, the app banner, the
 * welcome-back credits message and the post-login redirect check. Pure: the clock, the user agent and the
 * stored timestamps come in as arguments.
 */

export const MOBILE_BREAKPOINT_PX = 767;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;
export const ALERT_AUTO_DISMISS_MS = 8_000;
export const BOTTOM_BAR_SCROLL_THRESHOLD_PX = 20;
export const APP_BANNER_POSTPONE_MS = 2_000_000_000;
export const CREDIT_WELCOME_INTERVAL_MS = 3 * 24 * 60 * 60 * 1000;
export const REDIRECT_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const PRICE_BY_ZIP_NOTICE_INTERVAL_MS = 2_592_000_000;
export const BANNER_WARNING_LEVEL = 8;

/** Dragging a bottom sheet down further than this closes it: min(240, max(80, 30% of content height)). */
export function dragCloseThreshold(contentHeightPx: number): number {
  const h = Number.isFinite(contentHeightPx) && contentHeightPx > 0 ? contentHeightPx : 0;
  return Math.min(240, Math.max(80, h * 0.3));
}

export interface CompatibilityBanners {
  outdatedBrowser: boolean;
  maintenance: boolean;
  signupPromo: boolean;
  appBanner: boolean;
  redirectToMaintenance: boolean;
}

/** What a compatibility level shows (docs/product.md section 4): 2 outdated browser, 5 maintenance, 8 signup promo,
 * 9 promo plus app banner, 10 or more sends everyone to /maintenance. */
export function compatibilityBanners(level: number): CompatibilityBanners {
  const none = {
    outdatedBrowser: false,
    maintenance: false,
    signupPromo: false,
    appBanner: false,
    redirectToMaintenance: false,
  };
  if (!Number.isFinite(level)) return none;
  if (level >= 10) return { ...none, redirectToMaintenance: true };
  if (level === 9) return { ...none, signupPromo: true, appBanner: true };
  if (level === 8) return { ...none, signupPromo: true };
  if (level === 5) return { ...none, maintenance: true };
  if (level === 2) return { ...none, outdatedBrowser: true };
  return none;
}

export interface PromoConditions {
  signedIn: boolean;
  hasReferralCode: boolean;
  /** Discounts of the featured services, or null while they are not known. */
  featuredDiscounts: readonly number[] | null;
}

/**
 * The level-8 rule of docs/product.md section 4: a visitor without a referral code, where featured services exist and
 * none is negatively discounted, gets the signup promo (level 8); when level 8 holds and a condition fails
 * it returns to 0. Only the ordinary levels (below 2) are raised, so an operator's banner is never hidden.
 */
export function nextCompatibilityLevel(level: number, c: PromoConditions): number {
  const holds =
    !c.signedIn &&
    !c.hasReferralCode &&
    c.featuredDiscounts !== null &&
    c.featuredDiscounts.length > 0 &&
    c.featuredDiscounts.every((d) => d >= 0);
  if (level === BANNER_WARNING_LEVEL) return holds ? level : 0;
  if (level < 2 && holds) return BANNER_WARNING_LEVEL;
  return level;
}

/** iOS Safari or Android Chrome: the browsers the app banner addresses. */
export function isAppBannerBrowser(userAgent: string): boolean {
  const ua = userAgent.slice(0, 500);
  const ios = /iPhone|iPad|iPod/.test(ua) && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
  const android =
    /Android/.test(ua) && /Chrome\/\d/.test(ua) && !/EdgA?\/|OPR\/|SamsungBrowser|Firefox|; wv\)/.test(ua);
  return ios || android;
}

export interface AppBannerInput {
  userAgent: string;
  signedIn: boolean;
  isVendor: boolean;
  pathname: string;
  search: string;
  /** setting002: the time before which the banner stays hidden (ms since epoch), or undefined. */
  postponedUntil: number | undefined;
  now: number;
}

export function shouldShowAppBanner(i: AppBannerInput): boolean {
  if (!i.signedIn || i.isVendor) return false;
  if (i.pathname !== "/" || (i.search !== "" && i.search !== "?")) return false;
  if (!isAppBannerBrowser(i.userAgent)) return false;
  return i.postponedUntil === undefined || !(i.postponedUntil > i.now);
}

export function appBannerPostponedUntil(now: number): number {
  return now + APP_BANNER_POSTPONE_MS;
}

/** The pages whose prices follow the ZIP: the menu, a service and a pro (docs/product.md section 4). */
export function isPricedPage(pathname: string): boolean {
  return pathname === "/services" || pathname.startsWith("/services/") || pathname.startsWith("/vendor/");
}

/** The price-by-ZIP notice is due for a visitor on a priced page once per 30 days (setting001: when last shown). */
export function priceNoticeDue(i: {
  signedIn: boolean;
  pathname: string;
  lastShownAt: number | undefined;
  now: number;
}): boolean {
  if (i.signedIn || !isPricedPage(i.pathname)) return false;
  return i.lastShownAt === undefined || i.now - i.lastShownAt >= PRICE_BY_ZIP_NOTICE_INTERVAL_MS;
}

export type SoftBanner = "price-notice" | "signup-promo" | "app";

/**
 * The banners that inform or invite share one slot above the header, so they never stack on each other or
 * cover the header (docs/decisions/175, amending 107): at most one shows, the first due of the price notice (it
 * lasts 12 s), the signup promo and the app banner. Warnings (demo, outdated browser, maintenance) are not soft
 * and always show.
 */
export function softBanner(due: { priceNotice: boolean; signupPromo: boolean; app: boolean }): SoftBanner | null {
  if (due.priceNotice) return "price-notice";
  if (due.signupPromo) return "signup-promo";
  if (due.app) return "app";
  return null;
}

/** Total credits in cents when the welcome-back message is due (docs/product.md section 4), else null. */
export function welcomeCreditsDue(
  profile: { credit_balance: number; immediate_credit_amt: number },
  lastShownAt: number | undefined,
  now: number,
): number | null {
  const credit = Math.max(0, profile.credit_balance || 0);
  const immediate = Math.max(0, profile.immediate_credit_amt || 0);
  if (credit <= 0 && immediate <= 0) return null;
  if (lastShownAt !== undefined && now - lastShownAt < CREDIT_WELCOME_INTERVAL_MS) return null;
  return credit + immediate;
}

/** Areas where the post-login redirect is never checked (docs/product.md section 4). */
const REDIRECT_EXEMPT = ["/checkout", "/business", "/admin", "/connect"];

export function redirectCheckDue(pathname: string, lastCheckedAt: number | undefined, now: number): boolean {
  if (REDIRECT_EXEMPT.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return false;
  return lastCheckedAt === undefined || now - lastCheckedAt >= REDIRECT_CHECK_INTERVAL_MS;
}
