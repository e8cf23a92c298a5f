import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { dayParts, dayPeriod, formatDay, formatTime12, relativeDay, type DayPeriod } from "../../../domain/slot-format";
import type { PickerDay } from "../../lib/free-times";
import { ChevronLeftIcon, ChevronRightIcon } from "../ui/icons";
import { errorMessage } from "../../lib/api-client";

export interface SlotChoice {
  date: string;
  time: string;
}

const PERIODS: Array<{ key: DayPeriod; label: string }> = [
  { key: "morning", label: "Morning" },
  { key: "afternoon", label: "Afternoon" },
  { key: "evening", label: "Evening" },
];

/**
 * A day strip and the free start times of the chosen day (local to the service address). Each time is a
 * toggle button (`time-slot`, its text the local time, `data-value` the "YYYY-MM-DD HH:MM" the cart takes);
 * choosing one does not book anything: the caller's "Add to cart" does. Days without times stay visible but
 * disabled, so "fully booked" and "holiday" read as facts rather than gaps.
 */
export function SlotPicker({
  days,
  value,
  onChange,
  today,
  zoneNote,
  highlight,
}: {
  days: PickerDay[];
  value: SlotChoice | null;
  onChange(choice: SlotChoice): void;
  /** The service zone's today, for "Today"/"Tomorrow". */
  today: string | null;
  /** "Times are in Eastern time (EST)." */
  zoneNote?: string;
  /** A time to point out (a refused time's nearest alternative), "YYYY-MM-DD HH:MM". */
  highlight?: string | null;
}) {
  const id = useId();
  const firstOpen = useMemo(() => days.find((d) => d.times.length > 0)?.date ?? null, [days]);
  const [date, setDate] = useState<string | null>(value?.date ?? firstOpen);
  const stripRef = useRef<HTMLDivElement>(null);

  // A new list (another service or pro) starts on its first open day unless the choice is in it.
  useEffect(() => {
    setDate((current) => {
      if (value && days.some((d) => d.date === value.date)) return value.date;
      if (current && days.some((d) => d.date === current && d.times.length > 0)) return current;
      return firstOpen;
    });
  }, [days, firstOpen, value]);

  useEffect(() => {
    if (!date) return;
    const el = stripRef.current?.querySelector<HTMLElement>(`[data-date="${date}"]`);
    const strip = stripRef.current;
    // The strip is the buttons' offset parent (position: relative), so offsetLeft is within it.
    if (el && strip) {
      const left = el.offsetLeft;
      if (left < strip.scrollLeft || left + el.offsetWidth > strip.scrollLeft + strip.clientWidth)
        strip.scrollTo({ left: Math.max(0, left - 16), behavior: "smooth" });
    }
  }, [date]);

  const day = days.find((d) => d.date === date) ?? null;
  const openDays = days.filter((d) => d.times.length > 0);

  // Roving focus: the strip is one Tab stop; arrows, Home and End move between open days and choose them.
  const onStripKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = openDays.findIndex((d) => d.date === date);
    let next = -1;
    if (e.key === "ArrowRight") next = Math.min(openDays.length - 1, i + 1);
    else if (e.key === "ArrowLeft") next = Math.max(0, i - 1);
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = openDays.length - 1;
    else return;
    e.preventDefault();
    const target = openDays[next];
    if (!target) return;
    setDate(target.date);
    stripRef.current?.querySelector<HTMLElement>(`[data-date="${target.date}"]`)?.focus();
  };
  const scrollBy = (dir: 1 | -1) => {
    const strip = stripRef.current;
    if (strip) strip.scrollBy({ left: dir * strip.clientWidth * 0.85, behavior: "smooth" });
  };

  if (!firstOpen) {
    return (
      <div className="slot-empty" role="status">
        <p>
          <strong>No free times in the next few weeks.</strong> Try another professional or service, or call us and
          we'll look for you.
        </p>
      </div>
    );
  }

  return (
    <div className="slot-picker">
      <div className="day-strip-wrap">
        <button
          type="button"
          className="icon-button day-strip-nav"
          aria-label="Earlier days"
          tabIndex={-1}
          onClick={() => scrollBy(-1)}
        >
          <ChevronLeftIcon size={18} />
        </button>
        <div
          className="day-strip"
          ref={stripRef}
          role="group"
          aria-label="Choose a day (arrow keys move between days)"
          onKeyDown={onStripKey}
        >
          {days.map((d) => {
            const parts = dayParts(d.date);
            const open = d.times.length > 0;
            const selected = d.date === date;
            const status = d.holiday
              ? d.holiday
              : open
                ? `${d.times.length} ${d.times.length === 1 ? "time" : "times"}`
                : "Full";
            return (
              <button
                key={d.date}
                type="button"
                data-date={d.date}
                className={`day-button${selected ? " is-selected" : ""}`}
                aria-pressed={selected}
                tabIndex={selected ? 0 : -1}
                disabled={!open}
                aria-label={`${formatDay(d.date, { long: true })}, ${open ? `${d.times.length} free ${d.times.length === 1 ? "time" : "times"}` : d.holiday ? `${d.holiday}, closed` : "fully booked"}`}
                onClick={() => setDate(d.date)}
              >
                <span className="day-weekday">{today && d.date === today ? "Today" : parts.weekday}</span>
                <span className="day-number">{parts.day}</span>
                <span className="day-month">{parts.month}</span>
                <span className="day-status" aria-hidden="true">
                  {status}
                </span>
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className="icon-button day-strip-nav"
          aria-label="Later days"
          tabIndex={-1}
          onClick={() => scrollBy(1)}
        >
          <ChevronRightIcon size={18} />
        </button>
      </div>

      {day && (
        <div className="time-grid-wrap" role="group" aria-labelledby={`${id}-day`}>
          <h3 className="time-grid-title" id={`${id}-day`}>
            {relativeDay(day.date, today) === formatDay(day.date)
              ? formatDay(day.date, { long: true })
              : `${relativeDay(day.date, today)}, ${formatDay(day.date)}`}
          </h3>
          {zoneNote && <p className="time-grid-note">{zoneNote}</p>}
          {PERIODS.map((p) => {
            const times = day.times.filter((t) => dayPeriod(t.time) === p.key);
            if (times.length === 0) return null;
            return (
              <div key={p.key} className="time-period">
                <p className="time-period-label">{p.label}</p>
                <ul className="time-grid">
                  {times.map((t) => {
                    const local = `${day.date} ${t.time}`;
                    const selected = value?.date === day.date && value.time === t.time;
                    return (
                      <li key={t.time}>
                        <button
                          type="button"
                          className={`time-slot${selected ? " is-selected" : ""}${highlight === local ? " is-suggested" : ""}`}
                          data-testid="time-slot"
                          data-value={local}
                          aria-pressed={selected}
                          title={t.note}
                          onClick={() => onChange({ date: day.date, time: t.time })}
                        >
                          {formatTime12(t.time)}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** What stands in for the picker when free times could not be loaded, with a retry. */
export function SlotLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="slot-empty" role="alert">
      <p>{errorMessage(error)}</p>
      <button type="button" className="button button-secondary button-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The picker's shape while times load. */
export function SlotPickerSkeleton() {
  return (
    <div className="slot-picker" aria-hidden="true">
      <div className="day-strip-wrap">
        <div className="day-strip">
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} className="skeleton day-skeleton" />
          ))}
        </div>
      </div>
      <div className="time-grid-wrap">
        <span className="skeleton" style={{ display: "block", height: 22, width: 200, marginBottom: 16 }} />
        <ul className="time-grid">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <span className="skeleton time-skeleton" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
