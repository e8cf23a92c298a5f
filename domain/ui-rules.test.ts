import { describe, expect, it } from "vitest";
import {
  APP_BANNER_POSTPONE_MS,
  appBannerPostponedUntil,
  compatibilityBanners,
  CREDIT_WELCOME_INTERVAL_MS,
  dragCloseThreshold,
  isAppBannerBrowser,
  nextCompatibilityLevel,
  PRICE_BY_ZIP_NOTICE_INTERVAL_MS,
  priceNoticeDue,
  softBanner,
  redirectCheckDue,
  shouldShowAppBanner,
  welcomeCreditsDue,
} from "./ui-rules";

const NOW = Date.UTC(2026, 2, 8, 12, 0, 0);
const IOS_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const IOS_CHROME =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const ANDROID_WEBVIEW =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

describe("dragCloseThreshold", () => {
  it("is 30% of the content height between 80 and 240 px", () => {
    expect(dragCloseThreshold(500)).toBe(150);
    expect(dragCloseThreshold(100)).toBe(80);
    expect(dragCloseThreshold(1000)).toBe(240);
    expect(dragCloseThreshold(0)).toBe(80);
    expect(dragCloseThreshold(Number.NaN)).toBe(80);
  });
});

describe("compatibilityBanners", () => {
  it("maps each level to its banner", () => {
    expect(compatibilityBanners(1)).toMatchObject({ outdatedBrowser: false, maintenance: false, signupPromo: false });
    expect(compatibilityBanners(2).outdatedBrowser).toBe(true);
    expect(compatibilityBanners(5).maintenance).toBe(true);
    expect(compatibilityBanners(8)).toMatchObject({ signupPromo: true, appBanner: false });
    expect(compatibilityBanners(9)).toMatchObject({ signupPromo: true, appBanner: true });
    expect(compatibilityBanners(10).redirectToMaintenance).toBe(true);
    expect(compatibilityBanners(42).redirectToMaintenance).toBe(true);
  });
});

describe("nextCompatibilityLevel", () => {
  const visitor = { signedIn: false, hasReferralCode: false, featuredDiscounts: [0, 10] };
  it("raises an ordinary level to 8 for a visitor when featured services have no negative discount", () => {
    expect(nextCompatibilityLevel(1, visitor)).toBe(8);
  });
  it("drops 8 to 0 when any condition fails", () => {
    expect(nextCompatibilityLevel(8, { ...visitor, signedIn: true })).toBe(0);
    expect(nextCompatibilityLevel(8, { ...visitor, hasReferralCode: true })).toBe(0);
    expect(nextCompatibilityLevel(8, { ...visitor, featuredDiscounts: [] })).toBe(0);
    expect(nextCompatibilityLevel(8, { ...visitor, featuredDiscounts: [5, -1] })).toBe(0);
  });
  it("never raises while featured services are unknown, and leaves operator levels alone", () => {
    expect(nextCompatibilityLevel(1, { ...visitor, featuredDiscounts: null })).toBe(1);
    expect(nextCompatibilityLevel(5, visitor)).toBe(5);
  });
});

describe("app banner", () => {
  const base = {
    userAgent: IOS_SAFARI,
    signedIn: true,
    isVendor: false,
    pathname: "/",
    search: "",
    postponedUntil: undefined,
    now: NOW,
  };
  it("recognises iOS Safari and Android Chrome only", () => {
    expect(isAppBannerBrowser(IOS_SAFARI)).toBe(true);
    expect(isAppBannerBrowser(ANDROID_CHROME)).toBe(true);
    expect(isAppBannerBrowser(IOS_CHROME)).toBe(false);
    expect(isAppBannerBrowser(ANDROID_WEBVIEW)).toBe(false);
    expect(isAppBannerBrowser(DESKTOP)).toBe(false);
  });
  it("shows for a signed-in non-vendor on / without a query", () => {
    expect(shouldShowAppBanner(base)).toBe(true);
    expect(shouldShowAppBanner({ ...base, signedIn: false })).toBe(false);
    expect(shouldShowAppBanner({ ...base, isVendor: true })).toBe(false);
    expect(shouldShowAppBanner({ ...base, pathname: "/help" })).toBe(false);
    expect(shouldShowAppBanner({ ...base, search: "?zipcode=10001" })).toBe(false);
  });
  it("stays hidden for about 2,000,000,000 ms after closing", () => {
    const until = appBannerPostponedUntil(NOW);
    expect(until - NOW).toBe(APP_BANNER_POSTPONE_MS);
    expect(shouldShowAppBanner({ ...base, postponedUntil: until, now: NOW + APP_BANNER_POSTPONE_MS - 1 })).toBe(false);
    expect(shouldShowAppBanner({ ...base, postponedUntil: until, now: NOW + APP_BANNER_POSTPONE_MS })).toBe(true);
  });
});

describe("welcomeCreditsDue", () => {
  it("sums both credit fields in cents", () => {
    expect(welcomeCreditsDue({ credit_balance: 1500, immediate_credit_amt: 250 }, undefined, NOW)).toBe(1750);
  });
  it("is silent without credits or within 3 days of the last message", () => {
    expect(welcomeCreditsDue({ credit_balance: 0, immediate_credit_amt: 0 }, undefined, NOW)).toBeNull();
    const p = { credit_balance: 500, immediate_credit_amt: 0 };
    expect(welcomeCreditsDue(p, NOW - CREDIT_WELCOME_INTERVAL_MS + 1, NOW)).toBeNull();
    expect(welcomeCreditsDue(p, NOW - CREDIT_WELCOME_INTERVAL_MS, NOW)).toBe(500);
  });
});

describe("redirectCheckDue", () => {
  it("checks at most once an hour outside checkout, business, admin and connect", () => {
    expect(redirectCheckDue("/", undefined, NOW)).toBe(true);
    expect(redirectCheckDue("/", NOW - 59 * 60 * 1000, NOW)).toBe(false);
    expect(redirectCheckDue("/help", NOW - 60 * 60 * 1000, NOW)).toBe(true);
    for (const p of ["/checkout", "/business/calendar", "/admin/outbox", "/connect", "/connect/admin"])
      expect(redirectCheckDue(p, undefined, NOW)).toBe(false);
    expect(redirectCheckDue("/connections", undefined, NOW)).toBe(true);
  });
});

describe("priceNoticeDue", () => {
  const now = Date.UTC(2026, 2, 8, 12); // 2026-03-08 12:00 UTC
  const base = { signedIn: false, pathname: "/services/swedish-massage", lastShownAt: undefined, now };

  it("is due for a visitor on the menu, a service or a pro's page who has not seen it", () => {
    for (const pathname of ["/services", "/services/swedish-massage", "/vendor/12"])
      expect(priceNoticeDue({ ...base, pathname })).toBe(true);
  });

  it("is not due on other pages, nor for a signed-in customer", () => {
    for (const pathname of ["/", "/cart", "/servicesx", "/vendors"])
      expect(priceNoticeDue({ ...base, pathname })).toBe(false);
    expect(priceNoticeDue({ ...base, signedIn: true })).toBe(false);
  });

  it("comes back once 30 days have passed since it was last shown, not a millisecond sooner", () => {
    const shown = now - PRICE_BY_ZIP_NOTICE_INTERVAL_MS;
    expect(priceNoticeDue({ ...base, lastShownAt: shown })).toBe(true);
    expect(priceNoticeDue({ ...base, lastShownAt: shown + 1 })).toBe(false);
  });
});

describe("softBanner", () => {
  it("shows at most one, the price notice first, then the signup promo, then the app banner", () => {
    expect(softBanner({ priceNotice: true, signupPromo: true, app: true })).toBe("price-notice");
    expect(softBanner({ priceNotice: false, signupPromo: true, app: true })).toBe("signup-promo");
    expect(softBanner({ priceNotice: false, signupPromo: false, app: true })).toBe("app");
    expect(softBanner({ priceNotice: false, signupPromo: false, app: false })).toBeNull();
  });
});
