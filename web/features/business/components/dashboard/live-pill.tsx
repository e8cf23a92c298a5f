import type { LiveStatus } from "../../hooks/use-live-updates";

/** Whether the page's live socket is up (the dashboard's and the calendar's head). */
export function LivePill({ status }: { status: LiveStatus }) {
  const label =
    status === "live"
      ? "Live"
      : status === "connecting"
        ? "Connecting…"
        : status === "closed"
          ? "Offline"
          : "Reconnecting…";
  return (
    <span className={`live-pill is-${status}`} role="status" aria-live="polite" data-testid="live-status">
      <span className="live-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
