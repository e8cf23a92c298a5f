import type { ReactNode } from "react";
import { isVendor } from "../../../../domain/roles";
import { AreaBar } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { useRequest } from "../../../lib/use-request";
import { useViewer } from "../../../stores/shell-context";
import { getCalendar } from "../api/business";
import { localDateIn } from "./dashboard-page";

/**
 * The Calendar link's badge (SPEC section 2): how many scheduled jobs lie ahead, red when any still waits for
 * the pro's schedule confirmation (scheduled_status 0).
 */
function CalendarBadge() {
  const viewer = useViewer();
  const vendor = viewer !== null && isVendor(viewer);
  const today =
    typeof window === "undefined" ? null : localDateIn(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const cal = useRequest(
    vendor && today ? `calendar-badge:${today}` : null,
    (signal) => getCalendar(today!, 1, signal),
    {
      ttlMs: 30_000,
    },
  );
  if (!cal.data || cal.data.badge === 0) return null;
  return (
    <span
      className={`nav-badge${cal.data.badge_red ? " is-red" : ""}`}
      data-testid="calendar-nav-badge"
      aria-label={`${cal.data.badge} scheduled${cal.data.badge_red ? ", some need your confirmation" : ""}`}
    >
      {cal.data.badge}
    </span>
  );
}

/** The business area's own bar; `account` is the header's account control, passed in by the route. */
export function BusinessFrame({ children, account }: { children: ReactNode; account?: ReactNode }) {
  return (
    <>
      <AreaBar
        title="Business"
        nav={
          <nav className="area-nav" aria-label="Business">
            <AppLink href="/business" className="area-link" activeMatch="exact">
              Dashboard
            </AppLink>
            <AppLink href="/business/calendar" className="area-link" activeMatch="exact">
              Calendar <CalendarBadge />
            </AppLink>
            <AppLink href="/business/pay" className="area-link" activeMatch="exact">
              Pay
            </AppLink>
            <AppLink href="/business/subscriptions" className="area-link" activeMatch="exact">
              Subscriptions
            </AppLink>
          </nav>
        }
      >
        {account}
      </AreaBar>
      {children}
    </>
  );
}
