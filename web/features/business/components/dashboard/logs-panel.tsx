import { EmptyState, Page } from "../../../../components/layout/page";
import { AppLink } from "../../../../components/ui/app-link";
import { CalendarIcon, ListIcon } from "../../../../components/ui/icons";
import { errorMessage } from "../../../../lib/api-client";
import { useRequest } from "../../../../lib/use-request";
import { getNotifications } from "../../api/business";
import { NotificationList } from "./notification-list";

/** /business?view=logs: the pro's recent activity (the phone's "vendor logs" icon). */
export function LogsPanel() {
  const notes = useRequest("vendor-notifications", (signal) => getNotifications(signal));
  const list = notes.data?.[0] ?? [];
  return (
    <Page width="wide" eyebrow="Your business" title="Vendor logs" intro="Your recent activity and notices.">
      {notes.loading && !notes.data ? (
        <div className="skeleton" style={{ height: 160, borderRadius: 14 }} aria-busy="true" />
      ) : notes.error && !notes.data ? (
        <div className="card" role="alert">
          <p>{errorMessage(notes.error)}</p>
          <button type="button" className="button button-secondary button-sm" onClick={notes.reload}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ListIcon size={28} />}
          title="No activity yet"
          steps={[{ label: "Back to dashboard", href: "/business", primary: true }]}
        >
          <p>Offers, acceptances, reschedules and payouts are logged here.</p>
        </EmptyState>
      ) : (
        <>
          <NotificationList items={list} />
          <p>
            <AppLink href="/business" className="button button-secondary button-sm">
              <CalendarIcon size={16} /> Back to dashboard
            </AppLink>
          </p>
        </>
      )}
    </Page>
  );
}
