import { useEffect } from "react";
import { errorMessage } from "../../../../lib/api-client";
import { useRequest } from "../../../../lib/use-request";
import { getNotifications } from "../../api/business";
import { NotificationList } from "./notification-list";
import { Section } from "./section";

/**
 * What happened to the pro's business (staff actions on their jobs and account, clients' cards and payments,
 * licences): newest and most urgent first. It follows the dashboard's live events and refreshes when the pro
 * comes back to the tab, e.g. from the text that told them (docs/decisions/127).
 */
export function NotificationsSection({ refresh = 0 }: { refresh?: number }) {
  const notes = useRequest("vendor-notifications", (signal) => getNotifications(signal));
  const list = notes.data?.[0] ?? [];
  const reloadNotes = notes.reload;
  useEffect(() => {
    if (refresh > 0) reloadNotes();
  }, [refresh, reloadNotes]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") reloadNotes();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [reloadNotes]);
  return (
    <Section title="Notifications" count={notes.data?.[1]?.[0]?.stat} id="biz-notes">
      {notes.loading && !notes.data ? (
        <div className="skeleton" style={{ height: 48, borderRadius: 10 }} aria-busy="true" />
      ) : notes.error && !notes.data ? (
        <p className="muted" role="alert">
          {errorMessage(notes.error)}{" "}
          <button type="button" className="link-button" onClick={notes.reload}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="muted">You're all caught up.</p>
      ) : (
        <NotificationList items={list.slice(0, 5)} />
      )}
    </Section>
  );
}
