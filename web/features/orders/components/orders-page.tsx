import { useLocation } from "@tanstack/react-router";
import { Page, EmptyState } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CalendarIcon, ReceiptIcon } from "../../../components/ui/icons";

/** My Orders: upcoming and completed appointments (query completed=1, SPEC section 2). */
export function OrdersPage() {
  const completed = useLocation({
    select: (l) => String((l.search as Record<string, unknown>).completed ?? "") === "1",
  });
  return (
    <Page title="My Orders" intro="Your appointments, past and upcoming. Reschedule, cancel, tip and rate from here.">
      <nav className="help-topics" aria-label="Order lists">
        <AppLink href="/account/orders" className="chip" aria-current={!completed ? "page" : undefined}>
          Upcoming
        </AppLink>
        <AppLink href="/account/orders?completed=1" className="chip" aria-current={completed ? "page" : undefined}>
          Completed
        </AppLink>
      </nav>
      {completed ? (
        <EmptyState
          icon={<ReceiptIcon size={28} />}
          title="No completed appointments yet"
          steps={[{ label: "Book a service", href: "/#book", primary: true }]}
        >
          <p>
            After each appointment you'll find it here with its receipt, so you can rate your professional, add a tip or
            book them again.
          </p>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<CalendarIcon size={28} />}
          title="No upcoming appointments"
          steps={[
            { label: "Book a service", href: "/#book", primary: true },
            { label: "Browse services", href: "/services" },
          ]}
        >
          <p>When you book, your appointment shows up here with your professional's name and arrival time.</p>
        </EmptyState>
      )}
    </Page>
  );
}
