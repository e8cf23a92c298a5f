import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { postLoginDestination } from "../../../../domain/roles";
import { redirectCheckDue } from "../../../../domain/ui-rules";
import { settingsStore, updateSettings } from "../../../stores/settings-store";
import { useViewer } from "../../../stores/shell-context";
import { getRedirect } from "../api/get-redirect";

/**
 * The post-login redirect (docs/product.md section 4), checked at most once an hour per browser (setting003) on routes
 * outside checkout, business, admin and connect. Role destinations come from domain/roles.ts; code 1 goes
 * to the orders page, code 2 opens the rating modal on the completed orders.
 */
export function usePostLoginRedirect() {
  const viewer = useViewer();
  const pathname = useLocation({ select: (l) => l.pathname });
  const router = useRouter();

  useEffect(() => {
    if (!viewer) return;
    const now = Date.now();
    if (!redirectCheckDue(pathname, settingsStore.get().setting003, now)) return;
    updateSettings({ setting003: now });
    let cancelled = false;
    getRedirect()
      .then((info) => {
        if (cancelled) return;
        const saved = new URLSearchParams(window.location.search).has("saved");
        const dest = postLoginDestination(viewer, { saved });
        if (dest) {
          if (window.location.pathname !== dest) void router.navigate({ href: dest });
        } else if (info.redirect === 1) {
          if (window.location.pathname !== "/account/orders") void router.navigate({ href: "/account/orders" });
        } else if (info.redirect === 2 && info.service_order_id) {
          // A job waiting for a rating: the completed orders page opens its rating modal ("Rate {vendor}").
          void router.navigate({ href: `/account/orders?completed=1&rate=${info.service_order_id}` });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per person and page
  }, [viewer?.user_id, pathname]);
}
