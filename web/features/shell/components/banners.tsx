import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import {
  appBannerPostponedUntil,
  compatibilityBanners,
  nextCompatibilityLevel,
  shouldShowAppBanner,
  softBanner,
} from "../../../../domain/ui-rules";
import { isVendor } from "../../../../domain/roles";
import { BRAND, telHref } from "../../../config/brand";
import { AppLink } from "../../../components/ui/app-link";
import { CloseIcon } from "../../../components/ui/icons";
import { settingsStore, updateSettings } from "../../../stores/settings-store";
import { useShell } from "../../../stores/shell-context";
import { hidePriceNotice, openAuthModal, openZipBox, uiStore } from "../../../stores/ui-store";

const PROMO_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Compatibility-level banners (docs/product.md section 4), the price-by-ZIP notice and the app banner, in the page's
 * flow above the header. Warnings always show; the notice, the signup promo and the app banner share one slot
 * (softBanner), so they never stack or cover the header. The level and the featured services' discounts (for the
 * level-8 signup promo rule) come from the shell data.
 */
export function Banners() {
  const { compatibilityLevel, viewer, supportPhone, featuredDiscounts, demo } = useShell();
  const referral = settingsStore.use((s) => Boolean(s.referralCode));
  const promoSnoozed = settingsStore.use((s) => (s.setting008 ?? 0) > Date.now());
  const appPostponed = settingsStore.use((s) => s.setting002);
  const location = useLocation({ select: (l) => ({ pathname: l.pathname, searchStr: l.searchStr }) });
  const router = useRouter();
  const priceNotice = uiStore.use((s) => s.priceNotice);
  const [client, setClient] = useState<{ ua: string; now: number } | null>(null);

  useEffect(() => setClient({ ua: navigator.userAgent, now: Date.now() }), []);

  const level = nextCompatibilityLevel(compatibilityLevel, {
    signedIn: Boolean(viewer),
    hasReferralCode: referral,
    featuredDiscounts,
  });
  const b = compatibilityBanners(level);

  useEffect(() => {
    if (b.redirectToMaintenance && location.pathname !== "/maintenance")
      void router.navigate({ href: "/maintenance", replace: true });
  }, [b.redirectToMaintenance, location.pathname, router]);

  const appBanner =
    client !== null &&
    viewer !== null &&
    shouldShowAppBanner({
      userAgent: client.ua,
      signedIn: true,
      isVendor: isVendor(viewer),
      pathname: location.pathname,
      search: location.searchStr,
      postponedUntil: appPostponed,
      now: client.now,
    });

  const soft = softBanner({
    priceNotice: priceNotice !== null,
    signupPromo: b.signupPromo && !viewer && !promoSnoozed,
    app:
      appBanner || (b.appBanner && client !== null && viewer !== null && !(appPostponed && appPostponed > client.now)),
  });

  return (
    <>
      {demo && (
        <div className="banner banner-warn" role="status" data-testid="demo-banner">
          <p>
            <strong>Demo site.</strong> Nothing here is real: bookings are not carried out and payments take only test
            cards (4242 4242 4242 4242). Please don't enter a real card.
          </p>
        </div>
      )}
      {b.outdatedBrowser && (
        <div className="banner banner-warn" role="status">
          <p>
            Your browser is out of date, so parts of {BRAND.name} may not work. Please update it, or call us at{" "}
            <a href={telHref(supportPhone)}>{supportPhone}</a> and we'll book for you.
          </p>
        </div>
      )}
      {b.maintenance && (
        <div className="banner banner-warn" role="status">
          <p>We're doing scheduled maintenance. Some features may be briefly unavailable; your bookings are safe.</p>
        </div>
      )}
      {soft === "price-notice" && priceNotice && (
        <div className="banner banner-info" role="status">
          <p>
            Prices depend on your ZIP code.{" "}
            {priceNotice.zip
              ? `You're seeing the prices for ${priceNotice.zip}.`
              : "Set your location to see the prices and times near you."}
          </p>
          <button
            type="button"
            className="button button-secondary button-sm"
            onClick={() => {
              hidePriceNotice();
              openZipBox();
            }}
          >
            {priceNotice.zip ? "Change" : "Set location"}
          </button>
          <button type="button" className="icon-button" aria-label="Close" onClick={hidePriceNotice}>
            <CloseIcon size={18} />
          </button>
        </div>
      )}
      {soft === "signup-promo" && (
        <div className="banner banner-promo" role="region" aria-label="Create an account">
          <p>New to {BRAND.name}? Create a free account to save your details and book in under a minute.</p>
          <button type="button" className="button button-primary button-sm" onClick={() => openAuthModal("signup")}>
            Create Account
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Close"
            onClick={() => updateSettings({ setting008: Date.now() + PROMO_SNOOZE_MS })}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
      {soft === "app" && (
        <div className="banner banner-app" role="region" aria-label="App">
          <div className="banner-app-icon" aria-hidden="true" />
          <p>
            <strong>{BRAND.shortName} on your home screen</strong>
            <span>Rebook your pro in one tap.</span>
          </p>
          <AppLink href="/help#app" className="button button-secondary button-sm">
            How to add
          </AppLink>
          <button
            type="button"
            className="icon-button"
            aria-label="Close app banner"
            onClick={() => updateSettings({ setting002: appBannerPostponedUntil(Date.now()) })}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </>
  );
}
