import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { isPricedPage, priceNoticeDue } from "../../../../domain/ui-rules";
import { settingsStore, updateSettings } from "../../../stores/settings-store";
import { useViewer } from "../../../stores/shell-context";
import { hidePriceNotice, showPriceNotice } from "../../../stores/ui-store";

const PRICE_NOTICE_VISIBLE_MS = 12_000;

/**
 * docs/product.md section 4: visitors on /services or /vendor/* learn once per 30 days (setting001) that prices
 * follow the ZIP, for 12 s. The notice is a banner in the slot above the header (Banners), not an alert over it.
 */
export function usePriceNotice() {
  const viewer = useViewer();
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => {
    if (!isPricedPage(pathname)) {
      hidePriceNotice();
      return;
    }
    const now = Date.now();
    if (!priceNoticeDue({ signedIn: Boolean(viewer), pathname, lastShownAt: settingsStore.get().setting001, now }))
      return;
    updateSettings({ setting001: now });
    showPriceNotice(settingsStore.get().zipcode ?? null);
    // Not cleared with the effect: the notice keeps its 12 s across moves between priced pages.
    window.setTimeout(hidePriceNotice, PRICE_NOTICE_VISIBLE_MS);
  }, [viewer, pathname]);
}
