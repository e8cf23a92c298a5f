import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { PRICE_BY_ZIP_NOTICE_INTERVAL_MS } from "../../../../domain/ui-rules";
import { notify } from "../../../stores/alert-store";
import { settingsStore, updateSettings } from "../../../stores/settings-store";
import { useViewer } from "../../../stores/shell-context";

const PRICE_NOTICE_VISIBLE_MS = 12_000;

/** docs/product.md section 4: visitors on /services or /vendor/* learn once per 30 days (setting001) that prices follow the ZIP. */
export function usePriceNotice() {
  const viewer = useViewer();
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => {
    if (viewer) return;
    const onPricedPage =
      pathname === "/services" || pathname.startsWith("/services/") || pathname.startsWith("/vendor/");
    if (!onPricedPage) return;
    const now = Date.now();
    const last = settingsStore.get().setting001;
    if (last !== undefined && now - last < PRICE_BY_ZIP_NOTICE_INTERVAL_MS) return;
    updateSettings({ setting001: now });
    const zip = settingsStore.get().zipcode;
    notify(
      "info",
      zip
        ? `Prices depend on your ZIP code. You're seeing the prices for ${zip}.`
        : "Prices depend on your ZIP code. Set your location to see the prices and times near you.",
      undefined,
      PRICE_NOTICE_VISIBLE_MS,
    );
  }, [viewer, pathname]);
}
