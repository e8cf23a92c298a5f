import { useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CalendarIcon, ListIcon, RepeatIcon, SparkleIcon } from "../../../components/ui/icons";
import { useViewer } from "../../../stores/shell-context";

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
              Calendar
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

const VIEWS: Record<string, { title: string; icon: ReactNode; text: string }> = {
  logs: {
    title: "Vendor logs",
    icon: <ListIcon size={28} />,
    text: "A record of your job offers, acceptances, reschedules and payouts will appear here.",
  },
  subscriptions: {
    title: "Client subscriptions",
    icon: <RepeatIcon size={28} />,
    text: "Set up recurring appointments for your regular clients. They'll get a text link to add a payment method, and are charged 24 hours before each visit.",
  },
};

/** /business: the vendor dashboard (docs/product.md section 2); job offers and tools arrive with the vendor issues. */
export function BusinessDashboard() {
  const viewer = useViewer();
  const view = useLocation({ select: (l) => String((l.search as Record<string, unknown>).view ?? "") });
  const panel = VIEWS[view];
  return (
    <Page width="wide" eyebrow="Your business" title={`Welcome, ${viewer?.name.split(" ")[0] ?? "there"}`}>
      {panel ? (
        <EmptyState
          icon={panel.icon}
          title={panel.title}
          steps={[{ label: "Back to dashboard", href: "/business", primary: true }]}
        >
          <p>{panel.text}</p>
        </EmptyState>
      ) : (
        <>
          <EmptyState
            icon={<SparkleIcon size={28} />}
            title="No job offers right now"
            steps={[{ label: "Open calendar", href: "/business/calendar", primary: true }]}
          >
            <p>
              New job offers near you appear here the moment a client books. Keep your calendar up to date so you're
              offered the times that suit you.
            </p>
          </EmptyState>
        </>
      )}
    </Page>
  );
}

/** /business/calendar: the vendor calendar. */
export function BusinessCalendar() {
  return (
    <Page width="wide" eyebrow="Your business" title="Calendar">
      <EmptyState
        icon={<CalendarIcon size={28} />}
        title="No scheduled jobs"
        steps={[{ label: "Back to dashboard", href: "/business", primary: true }]}
      >
        <p>Jobs you accept appear here by day, from 6:00 am to 9:30 pm, along with your time off.</p>
      </EmptyState>
    </Page>
  );
}
