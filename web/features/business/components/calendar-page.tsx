import { useLocation } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import type {
  CalendarDay,
  CalendarItem,
  CalendarView,
  MainDetails,
} from "../../../../schema/payloads/vendor-dashboard";
import { Page } from "../../../components/layout/page";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { useRequest } from "../../../lib/use-request";
import { getCalendar, getMainDetails } from "../api/business";
import { useLiveUpdates } from "../hooks/use-live-updates";
import { CalendarSettingsPanel } from "./calendar-settings";
import { LivePill } from "./dashboard/live-pill";
import { localDateIn } from "./dashboard/local-date";
import { FeedPanel } from "./feed-panel";
import { JobDetailModal } from "./job-detail-modal";
import { TimeOffModal, type TimeOffDraft } from "./time-off-modal";

/** Calendar rows: 30-minute slots 06:00 to 21:30 (docs/product.md section 9), so the grid ends at 22:00. */
const FIRST = 6 * 60;
const LAST = 22 * 60;
const SLOT = 30;
const ROWS = (LAST - FIRST) / SLOT;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const KIND_LABEL: Record<CalendarItem["kind"], string> = {
  job: "Job",
  reserved: "Reserved",
  hold: "Held in checkout",
  time_off: "Time off",
  padding: "Travel padding",
  commute: "Commute buffer",
};

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday of the week holding `date`. */
function mondayOf(date: string): string {
  const wd = new Date(`${date}T12:00:00Z`).getUTCDay();
  return shiftDate(date, -((wd + 6) % 7));
}

function timeLabel(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  const suffix = h >= 12 ? "pm" : "am";
  return `${((h + 11) % 12) + 1}${m ? `:${String(m).padStart(2, "0")}` : ""} ${suffix}`;
}

function dayTitle(d: CalendarDay): string {
  const date = new Date(`${d.date}T12:00:00Z`);
  return `${WEEKDAYS[d.weekday]} ${date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;
}

/** The day's working hours as the grid's head and the phone's day card show them. */
function dayHours(d: CalendarDay): string {
  if (d.off_for_holiday) return `${d.holiday} (off)`;
  return d.hours.length === 0 ? "Not working" : d.hours.map(([a, b]) => `${a}–${b}`).join(", ");
}

const mins = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia("(max-width: 767px)");
    setNarrow(mq.matches);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return narrow;
}

/** /business/calendar: day and week views of the vendor's calendar (issue 8). */
export function CalendarPage() {
  const narrow = useNarrow();
  const [mode, setMode] = useState<"day" | "week" | null>(null);
  const view = mode ?? (narrow ? "day" : "week");
  // ?date=YYYY-MM-DD opens that day (links from the dashboard); otherwise today.
  const linked = useLocation({ select: (l) => String((l.search as Record<string, unknown>).date ?? "") });
  const [anchor, setAnchor] = useState<string | null>(null);
  useEffect(() => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(linked)) setAnchor(linked);
    else setAnchor((a) => a ?? localDateIn(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone));
  }, [linked]);
  const from = anchor === null ? null : view === "week" ? mondayOf(anchor) : anchor;
  const days = view === "week" ? 7 : 1;
  const cal = useRequest<CalendarView>(from ? `calendar:${from}:${days}` : null, (signal) =>
    getCalendar(from!, days, signal),
  );
  const details = useRequest<MainDetails>("main-details", (signal) => getMainDetails(signal));
  const reloadCal = cal.reload;
  const reloadDetails = details.reload;
  const reloadAll = useCallback(() => {
    reloadCal();
    reloadDetails();
  }, [reloadCal, reloadDetails]);
  const live = useLiveUpdates(reloadAll);
  const [job, setJob] = useState<CalendarItem["job"] | null>(null);
  const [timeOff, setTimeOff] = useState<TimeOffDraft | null>(null);

  const data = cal.data;
  const tz = data?.tz;
  const today = data ? localDateIn(data.now, data.tz) : null;

  const openItem = (item: CalendarItem, day: CalendarDay) => {
    if (item.kind === "job" && item.job) setJob(item.job);
    else if (item.kind === "time_off")
      setTimeOff({ id: item.id, start: item.start, end: item.end, note: item.note ?? "", date: day.date });
  };

  return (
    <Page
      width="wide"
      eyebrow="Your business"
      title="Calendar"
      actions={
        <>
          {data && (
            <span
              className={`cal-badge${data.badge_red ? " is-red" : ""}`}
              data-testid="calendar-badge"
              aria-label={`${data.badge} scheduled ${data.badge === 1 ? "job" : "jobs"}${data.badge_red ? ", some waiting for your confirmation" : ""}`}
            >
              {data.badge}
            </span>
          )}
          <LivePill status={live} />
        </>
      }
      intro={
        tz ? (
          <p className="muted">
            Times in {tz.replace(/_/g, " ")}. Padding and commute buffers show why a time isn't offered to clients.
          </p>
        ) : null
      }
    >
      <div className="cal-toolbar">
        <div className="segmented" role="group" aria-label="View">
          <button type="button" className="chip" aria-pressed={view === "day"} onClick={() => setMode("day")}>
            Day
          </button>
          <button type="button" className="chip" aria-pressed={view === "week"} onClick={() => setMode("week")}>
            Week
          </button>
        </div>
        <div className="cal-nav">
          <button
            type="button"
            className="icon-button"
            aria-label={view === "week" ? "Previous week" : "Previous day"}
            onClick={() => anchor && setAnchor(shiftDate(anchor, -days))}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="button button-secondary button-sm"
            onClick={() =>
              setAnchor(today ?? localDateIn(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone))
            }
          >
            Today
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={view === "week" ? "Next week" : "Next day"}
            onClick={() => anchor && setAnchor(shiftDate(anchor, days))}
          >
            <ChevronRightIcon />
          </button>
        </div>
        <button
          type="button"
          className="button button-primary button-sm"
          onClick={() => setTimeOff({ id: null, start: "", end: "", note: "", date: anchor ?? today ?? "" })}
        >
          Add time off
        </button>
      </div>

      {cal.loading && !data && (
        <div className="skeleton" style={{ height: 480, borderRadius: 14 }} aria-busy="true">
          <span className="sr-only" role="status">
            Loading your calendar…
          </span>
        </div>
      )}
      {!data && !cal.loading && cal.error != null && (
        <div className="card" role="alert">
          <p>{errorMessage(cal.error)}</p>
          <button type="button" className="button button-secondary button-sm" onClick={cal.reload}>
            Try again
          </button>
        </div>
      )}
      {data && narrow && view === "week" && (
        <WeekList days={data.days} today={today} loading={cal.loading} onOpen={openItem} />
      )}
      {data && !(narrow && view === "week") && (
        // Focusable with a name, so a keyboard can scroll a wide week (axe scrollable-region-focusable).
        <div
          className={`cal-scroll${cal.loading ? " is-refreshing" : ""}`}
          aria-busy={cal.loading || undefined}
          tabIndex={0}
          role="region"
          aria-label={view === "week" ? "Week grid" : "Day grid"}
        >
          <div
            className="cal-grid"
            style={{
              gridTemplateColumns: `56px repeat(${data.days.length}, minmax(${view === "week" ? 120 : 220}px, 1fr))`,
            }}
            data-testid="calendar-grid"
          >
            <div className="cal-corner" aria-hidden="true" />
            {data.days.map((d) => (
              <div key={d.date} className={`cal-day-head${d.date === today ? " is-today" : ""}`}>
                <strong>{dayTitle(d)}</strong>
                <span className="muted">{dayHours(d)}</span>
              </div>
            ))}
            <div className="cal-times" aria-hidden="true">
              {Array.from({ length: ROWS }, (_, i) => (
                <div key={i} className="cal-time">
                  {i % 2 === 0 ? timeLabel(FIRST + i * SLOT) : ""}
                </div>
              ))}
            </div>
            {data.days.map((d) => (
              <DayColumn key={d.date} day={d} onOpen={(item) => openItem(item, d)} />
            ))}
          </div>
        </div>
      )}
      <ul className="cal-legend" aria-label="Legend">
        {(["job", "hold", "reserved", "time_off", "padding", "commute"] as const).map((k) => (
          <li key={k}>
            <span className={`cal-swatch kind-${k}`} aria-hidden="true" /> {KIND_LABEL[k]}
          </li>
        ))}
      </ul>

      <div className="cal-panels">
        <CalendarSettingsPanel details={details} />
        <FeedPanel />
      </div>

      <JobDetailModal job={job ?? null} onClose={() => setJob(null)} />
      <TimeOffModal draft={timeOff} onClose={() => setTimeOff(null)} onDone={reloadAll} />
    </Page>
  );
}

/**
 * The week on a phone (issue 21): one card per day, its hours and its items in order, so nothing scrolls
 * sideways inside a card. The day view keeps the time grid, which fits a phone's width.
 */
function WeekList({
  days,
  today,
  loading,
  onOpen,
}: {
  days: CalendarDay[];
  today: string | null;
  loading: boolean;
  onOpen(item: CalendarItem, day: CalendarDay): void;
}) {
  return (
    <ol
      className={`cal-week-list${loading ? " is-refreshing" : ""}`}
      aria-busy={loading || undefined}
      aria-label="Week"
      data-testid="calendar-week-list"
    >
      {days.map((d) => {
        const items = d.items.filter((i) => i.kind !== "padding" && i.kind !== "commute");
        return (
          <li key={d.date} className={`card cal-week-day${d.date === today ? " is-today" : ""}`} data-date={d.date}>
            <h3 className="cal-week-title">
              {dayTitle(d)}
              <span className="muted">{dayHours(d)}</span>
            </h3>
            {items.length === 0 ? (
              <p className="muted">Nothing booked.</p>
            ) : (
              <ul className="cal-week-items">
                {items.map((item, i) => {
                  const text = (
                    <>
                      <span className="cal-item-time">
                        {item.start_minute === 0 && item.end_minute === 24 * 60
                          ? "All day"
                          : `${item.start.slice(11)}–${item.end.slice(11)}`}
                      </span>
                      <span className="cal-item-title">
                        {KIND_LABEL[item.kind]}: {item.title}
                        {item.kind === "job" && item.scheduled_status === 0 ? " (waiting for your confirmation)" : ""}
                      </span>
                    </>
                  );
                  const className = `cal-week-item kind-${item.kind}${item.scheduled_status === 0 ? " is-unconfirmed" : ""}`;
                  return (
                    <li key={`${item.kind}-${item.id}-${i}`}>
                      {item.kind === "job" || item.kind === "time_off" ? (
                        <button
                          type="button"
                          className={className}
                          onClick={() => onOpen(item, d)}
                          data-testid={`cal-${item.kind}`}
                          data-id={item.id}
                        >
                          {text}
                        </button>
                      ) : (
                        <div className={className} data-testid={`cal-${item.kind}`}>
                          {text}
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function DayColumn({ day, onOpen }: { day: CalendarDay; onOpen(item: CalendarItem): void }) {
  const rowPct = 100 / ROWS;
  const pos = (a: number, b: number) => {
    const top = Math.max(a, FIRST);
    const bottom = Math.min(b, LAST);
    return { top: `${((top - FIRST) / SLOT) * rowPct}%`, height: `${((bottom - top) / SLOT) * rowPct}%` };
  };
  const visible = day.items.filter((i) => i.end_minute > FIRST && i.start_minute < LAST);
  const working = day.off_for_holiday ? [] : day.hours;
  return (
    <div className="cal-day" role="list" aria-label={dayTitle(day)} data-date={day.date}>
      {Array.from({ length: ROWS }, (_, i) => (
        <div key={i} className="cal-slot" aria-hidden="true" />
      ))}
      {working.map(([a, b]) => {
        const s = Math.max(mins(a), FIRST);
        const e = Math.min(b === "24:00" ? 24 * 60 : mins(b), LAST);
        if (e <= s) return null;
        return <div key={`${a}-${b}`} className="cal-hours" style={pos(s, e)} aria-hidden="true" />;
      })}
      {visible.map((item, i) => {
        const clickable = item.kind === "job" || item.kind === "time_off";
        const label = `${KIND_LABEL[item.kind]}: ${item.title}, ${item.start} to ${item.end}${
          item.kind === "job" && item.scheduled_status === 0 ? ", waiting for your confirmation" : ""
        }`;
        // An item running past midnight shows its part of this day.
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        const span =
          item.start_minute === 0 && item.end_minute === 24 * 60
            ? "All day"
            : `${item.start.slice(0, 10) === day.date ? item.start.slice(11) : hhmm(item.start_minute)}–${
                item.end.slice(0, 10) === day.date
                  ? item.end.slice(11)
                  : hhmm(Math.min(item.end_minute, 24 * 60 - 1) + 1)
              }`;
        const body = (
          <>
            <span className="cal-item-time">{span}</span>
            <span className="cal-item-title">{item.title}</span>
          </>
        );
        const className = `cal-item kind-${item.kind}${item.scheduled_status === 0 ? " is-unconfirmed" : ""}`;
        return clickable ? (
          <button
            key={`${item.kind}-${item.id}-${i}`}
            type="button"
            role="listitem"
            className={className}
            style={pos(item.start_minute, item.end_minute)}
            aria-label={label}
            title={label}
            onClick={() => onOpen(item)}
            data-testid={`cal-${item.kind}`}
            data-id={item.id}
          >
            {body}
          </button>
        ) : (
          <div
            key={`${item.kind}-${item.id}-${i}`}
            role="listitem"
            className={className}
            style={pos(item.start_minute, item.end_minute)}
            aria-label={label}
            title={label}
            data-testid={`cal-${item.kind}`}
          >
            {item.kind === "padding" || item.kind === "commute" ? null : body}
          </div>
        );
      })}
    </div>
  );
}
