import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { normalizeZip } from "../../../../domain/location-input";
import { setServiceZip } from "../../../lib/location";
import { logout } from "../../../lib/session";
import { updateSettings } from "../../../stores/settings-store";
import { useShell } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";

/**
 * Entry query parameters (docs/product.md section 2): `referral` stores the code and opens signup on home, `signup`
 * opens signup, `logout=1` logs out and cleans the URL, `zipcode` sets the location and is replaced in the
 * URL with the normalised ZIP. Runs in the browser after each navigation.
 */
export function useEntryParams() {
  const router = useRouter();
  const { viewer } = useShell();
  const href = useLocation({ select: (l) => l.href });

  useEffect(() => {
    const url = new URL(window.location.href);
    const q = url.searchParams;
    const before = q.toString();
    const cleaned = () => url.pathname + (q.toString() ? `?${q}` : "") + url.hash;

    if (q.get("logout") === "1") {
      q.delete("logout");
      void logout({ to: cleaned() });
      return;
    }

    const referral = q.get("referral");
    if (referral !== null) {
      if (!viewer && /^[A-Za-z0-9_-]{1,32}$/.test(referral)) {
        updateSettings({ referralCode: referral });
        if (url.pathname === "/") openAuthModal("signup");
      }
      q.delete("referral");
    }

    if (q.has("signup")) {
      if (!viewer) openAuthModal("signup");
      q.delete("signup");
    }

    const rawZip = q.get("zipcode");
    if (rawZip !== null) {
      const zip = normalizeZip(rawZip);
      if (zip) {
        q.set("zipcode", zip);
        setServiceZip(router, zip, { replaceUrl: false });
      } else q.delete("zipcode");
    }

    if (q.toString() !== before) void router.navigate({ href: cleaned(), replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per URL; the router is stable
  }, [href]);
}
