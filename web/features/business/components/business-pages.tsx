import type { ReactNode } from "react";
import { AreaBar } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CalendarBadge } from "./calendar-badge";

/** The business area's own bar; `account` is the header's account control, passed in by the route. */
export function BusinessFrame({ children, account }: { children: ReactNode; account?: ReactNode }) {
  return (
    <>
      <AreaBar
        title="Business"
        nav={
          <nav className="area-nav business-area-nav" aria-label="Business pages">
            <AppLink href="/business" className="area-link" activeMatch="exact">
              Dashboard
            </AppLink>
            <AppLink href="/business/calendar" className="area-link" activeMatch="exact">
              Calendar <CalendarBadge testId="calendar-nav-badge" />
            </AppLink>
            <AppLink href="/business/pay" className="area-link" activeMatch="exact">
              Pay
            </AppLink>
            <AppLink href="/business/subscriptions" className="area-link" activeMatch="exact">
              Subscriptions
            </AppLink>
            <AppLink href="/business/products" className="area-link" activeMatch="exact">
              Products
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
