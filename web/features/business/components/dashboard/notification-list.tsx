import type { VendorNotification } from "../../api/business";

/** The pro's notices, each with its time; read ones dimmed. */
export function NotificationList({ items }: { items: VendorNotification[] }) {
  return (
    <ul className="biz-notes" aria-label="Notifications" data-testid="notice-list">
      {items.map((n) => (
        <li key={n.id} className={`biz-note sev-${n.severity}${n.dismissed ? " is-read" : ""}`}>
          <span>{n.message}</span>
          <time className="muted" dateTime={new Date(n.timestamp).toISOString()}>
            {new Date(n.timestamp).toLocaleString([], {
              month: "short",
              day: "numeric",
              hour: "numeric",
              minute: "2-digit",
            })}
          </time>
        </li>
      ))}
    </ul>
  );
}
