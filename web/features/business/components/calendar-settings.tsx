import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { WEEKDAY_KEYS, type WeekdayKey } from "../../../../domain/calendar/availability";
import { weeklyRangeProblem } from "../../../../domain/calendar/vendor-view";
import { catalogue } from "../../../../domain/messages";
import type { AvailableSettingInput, MainDetails } from "../../../../schema/payloads/vendor-dashboard";
import { FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import type { RequestState } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { saveCalendarSettings } from "../api/business";
import { asyncHandler } from "../../../lib/async-handler";

const DAY_NAMES: Record<WeekdayKey, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
const ORDER: WeekdayKey[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
/** 06:00 to 22:00 on the half hour: the hours a pro may set. */
const TIMES = Array.from({ length: 33 }, (_, i) => {
  const m = 6 * 60 + i * 30;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
});

type Weekly = Record<WeekdayKey, Array<[string, string]>>;

function toWeekly(setting: AvailableSettingInput | undefined): Weekly {
  const out = Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, [] as Array<[string, string]>])) as Weekly;
  for (const d of WEEKDAY_KEYS) {
    // Older settings may run to "24:00"; the editor's day ends at 22:00.
    out[d] = (setting?.weekly[d] ?? []).map(([a, b]) => [a < "06:00" ? "06:00" : a, b > "22:00" ? "22:00" : b]);
  }
  return out;
}

/** Weekly hours, same-day and holiday work (POST /vendor/me/calendar/settings). */
export function CalendarSettingsPanel({ details }: { details: RequestState<MainDetails> }) {
  const navigate = useNavigate();
  const profile = details.data?.[0];
  const ids = useId();
  const [weekly, setWeekly] = useState<Weekly | null>(null);
  const [sameDay, setSameDay] = useState(false);
  const [holidays, setHolidays] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!profile || weekly) return;
    setWeekly(toWeekly(profile.available_setting));
    setSameDay(profile.available_setting.same_day && profile.can_same_day);
    setHolidays(profile.available_setting.holidays === "work" && profile.can_holidays);
  }, [profile, weekly]);

  if (!profile || !weekly) {
    return (
      <section className="card cal-settings" id="hours" aria-labelledby={`${ids}-h`}>
        <h2 id={`${ids}-h`} className="card-title">
          Working hours
        </h2>
        {details.error ? (
          <p role="alert">
            {errorMessage(details.error)}{" "}
            <button type="button" className="link-button" onClick={details.reload}>
              Try again
            </button>
          </p>
        ) : (
          <div className="skeleton" style={{ height: 200, borderRadius: 10 }} aria-busy="true" />
        )}
      </section>
    );
  }

  const problems = Object.fromEntries(ORDER.map((d) => [d, weeklyRangeProblem(weekly[d])]));
  const setDay = (d: WeekdayKey, ranges: Array<[string, string]>) => setWeekly({ ...weekly, [d]: ranges });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (ORDER.some((d) => problems[d])) return setError("Please fix the highlighted days.");
    setBusy(true);
    setError(null);
    try {
      const answer = await saveCalendarSettings({ weekly, same_day: sameDay, holidays: holidays ? "work" : "skip" });
      if (answer.message !== 1) {
        // docs/product.md section 7: anything but 1 sends the pro back to the dashboard.
        void navigate({ to: "/business" });
        return;
      }
      notify("success", "Your hours are saved. Clients see the new times right away.");
      details.reload();
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.status === 401) void navigate({ to: "/business" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card cal-settings" aria-labelledby={`${ids}-h`} data-testid="calendar-settings">
      <h2 id={`${ids}-h`} className="card-title">
        Working hours
      </h2>
      <form onSubmit={asyncHandler(save)} noValidate>
        <ul className="hours-list">
          {ORDER.map((d) => {
            const ranges = weekly[d];
            const problem = problems[d];
            return (
              <li key={d} className={`hours-day${problem ? " has-error" : ""}`}>
                <label className="toggle hours-day-name">
                  <input
                    type="checkbox"
                    checked={ranges.length > 0}
                    onChange={(e) => setDay(d, e.target.checked ? [["09:00", "17:00"]] : [])}
                  />
                  {DAY_NAMES[d]}
                </label>
                <div className="hours-ranges">
                  {ranges.length === 0 && <span className="muted">Off</span>}
                  {ranges.map(([a, b], i) => (
                    <div key={i} className="hours-range">
                      <select
                        className="input"
                        aria-label={`${DAY_NAMES[d]} range ${i + 1} start`}
                        value={a}
                        onChange={(e) =>
                          setDay(
                            d,
                            ranges.map((r, j) => (j === i ? [e.target.value, r[1]] : r)),
                          )
                        }
                      >
                        {TIMES.map((t) => (
                          <option key={t}>{t}</option>
                        ))}
                      </select>
                      <span aria-hidden="true">–</span>
                      <select
                        className="input"
                        aria-label={`${DAY_NAMES[d]} range ${i + 1} end`}
                        value={b}
                        onChange={(e) =>
                          setDay(
                            d,
                            ranges.map((r, j) => (j === i ? [r[0], e.target.value] : r)),
                          )
                        }
                      >
                        {TIMES.map((t) => (
                          <option key={t}>{t}</option>
                        ))}
                      </select>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={`Remove ${DAY_NAMES[d]} range ${i + 1}`}
                        onClick={() =>
                          setDay(
                            d,
                            ranges.filter((_, j) => j !== i),
                          )
                        }
                      >
                        Remove
                      </button>
                    </div>
                  ))}
                  {ranges.length > 0 && ranges.length < 4 && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => {
                        const last = ranges[ranges.length - 1]![1];
                        const start = TIMES.find((t) => t > last) ?? "21:30";
                        const end = TIMES.find((t) => t > start) ?? "22:00";
                        setDay(d, [...ranges, [start, end]]);
                      }}
                    >
                      Add a break / second shift
                    </button>
                  )}
                  {problem && (
                    <p className="field-error" role="alert">
                      {problem}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <div className="hours-options">
          <label className="toggle">
            <input
              type="checkbox"
              checked={sameDay}
              disabled={!profile.can_same_day}
              onChange={(e) => setSameDay(e.target.checked)}
              aria-describedby={!profile.can_same_day ? `${ids}-sd` : undefined}
            />
            Accept same-day bookings (from 90 minutes ahead)
          </label>
          {!profile.can_same_day && (
            <p id={`${ids}-sd`} className="field-hint">
              {catalogue.RELIABILITY_TOO_LOW.text}
            </p>
          )}
          <label className="toggle">
            <input
              type="checkbox"
              checked={holidays}
              disabled={!profile.can_holidays}
              onChange={(e) => setHolidays(e.target.checked)}
              aria-describedby={!profile.can_holidays ? `${ids}-hd` : undefined}
            />
            Work on holidays
          </label>
          {!profile.can_holidays && (
            <p id={`${ids}-hd`} className="field-hint">
              {catalogue.RELIABILITY_TOO_LOW.text}
            </p>
          )}
          <p className="muted">Your service area stays as it is.</p>
        </div>
        <FormError message={error} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Saving…" : "Save hours"}
          </button>
        </div>
      </form>
    </section>
  );
}
