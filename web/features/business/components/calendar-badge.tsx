import { useCallback } from "react";
import { localDate } from "../../../../domain/calendar/time";
import { isVendor } from "../../../../domain/roles";
import { useRequest } from "../../../lib/use-request";
import { useViewer } from "../../../stores/shell-context";
import { getCalendar } from "../api/business";
import { useLiveUpdates } from "../hooks/use-live-updates";

/**
 * The Calendar link's badge (docs/product.md section 2): how many scheduled jobs lie ahead, red when any still waits for
 * the pro's schedule confirmation (scheduled_status 0). The business bar and the phone's bottom bar both
 * show it; they share one request (same key), so a page pays for it once.
 */
export function CalendarBadge({ testId, corner = false }: { testId: string; corner?: boolean }) {
  const viewer = useViewer();
  const vendor = viewer !== null && isVendor(viewer);
  const today =
    typeof window === "undefined" ? null : localDate(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const cal = useRequest(
    vendor && today ? `calendar-badge:${today}` : null,
    (signal) => getCalendar(today!, 1, signal),
    { ttlMs: 30_000 },
  );
  // Offers taken, jobs accepted, confirmed or given back: the count follows the pro's live socket (the one the
  // page already has, shared), so it is right without a reload.
  const reload = cal.reload;
  useLiveUpdates(
    useCallback(() => reload(), [reload]),
    vendor && today !== null,
  );
  if (!cal.data || cal.data.badge === 0) return null;
  return (
    <span
      className={`nav-badge${cal.data.badge_red ? " is-red" : ""}${corner ? " is-corner" : ""}`}
      data-testid={testId}
      aria-label={`${cal.data.badge} scheduled${cal.data.badge_red ? ", some need your confirmation" : ""}`}
    >
      {cal.data.badge}
    </span>
  );
}
