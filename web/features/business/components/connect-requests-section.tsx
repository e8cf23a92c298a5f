import { useEffect, useId, useState } from "react";
import { formatWhen } from "../../../../domain/slot-format";
import { BriefcaseIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatLocalTime } from "../../../lib/local-time";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import {
  getConnectRequests,
  proposeConnectTime,
  scheduleConnectRequest,
  type ConnectRequestForPro,
} from "../api/business";

/** A connect job is at most a working day (worker/connect/schedule.ts). */
const MAX_JOB_MINUTES = 8 * 60;
const MAX_SESSIONS = 8;

function sessionsFor(r: ConnectRequestForPro): number[] {
  const fit = Math.max(1, Math.min(MAX_SESSIONS, Math.floor(MAX_JOB_MINUTES / Math.max(1, r.duration_minutes))));
  return Array.from({ length: fit }, (_, i) => i + 1);
}

function RequestLine({ r, onScheduled }: { r: ConnectRequestForPro; onScheduled(): void }) {
  const [sessions, setSessions] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The free time the calendar's refusal named: the pro can propose it to connect staff (decision 123).
  const [alternative, setAlternative] = useState<string | null>(null);
  const [proposed, setProposed] = useState<string | null>(null);
  const id = useId();
  const schedule = async () => {
    setBusy(true);
    setError(null);
    setAlternative(null);
    try {
      await scheduleConnectRequest(r.connect_request_id, sessions);
      notify("success", `${r.business_name} is on your calendar.`);
      onScheduled();
    } catch (err) {
      setError(errorMessage(err));
      const alt = err instanceof ApiError ? (err.details.alternative as { selectedDate?: string } | null) : null;
      setAlternative(alt?.selectedDate ?? null);
    } finally {
      setBusy(false);
    }
  };
  const propose = async (selectedDate: string) => {
    setBusy(true);
    setError(null);
    try {
      const done = await proposeConnectTime(r.connect_request_id, selectedDate, sessions);
      setProposed(done.proposed_local_time);
      setAlternative(null);
      notify("success", "We sent your time to our team; they'll confirm it with the business.");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="biz-job" data-testid="connect-request" data-connect-request-id={r.connect_request_id}>
      <div className="biz-job-main">
        <span className="biz-job-time">{formatLocalTime(r.local_time, r.time_zone)}</span>
        <span className="biz-job-title">
          {r.service} for {r.business_name} <span className="status-tag">Business</span>
          {r.shared && <span className="status-tag">Offered to several pros</span>}
        </span>
        <span className="biz-job-meta">
          {r.people} people · {r.address}, {r.zipcode} · {r.duration_minutes} min a session
          {r.notes && <> · “{r.notes}”</>}
          {r.shared && r.offer_expires_at !== null && <> · Open until {formatWhen(r.offer_expires_at, r.time_zone)}</>}
        </span>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
        {alternative && (
          <button
            type="button"
            className="button button-secondary button-sm"
            disabled={busy}
            onClick={() => void propose(alternative)}
            data-testid="connect-propose"
          >
            Propose {formatLocalTime(alternative, r.time_zone)} instead
          </button>
        )}
        {proposed && (
          <span className="muted" role="status">
            You proposed {formatLocalTime(proposed, r.time_zone)}; the booking keeps its time until our team confirms.
          </span>
        )}
      </div>
      <div className="biz-job-actions">
        <label htmlFor={id} className="visually-hidden">
          Sessions for {r.business_name}
        </label>
        <select
          id={id}
          className="input select"
          value={sessions}
          onChange={(e) => setSessions(Number(e.target.value))}
          disabled={busy}
        >
          {sessionsFor(r).map((n) => (
            <option key={n} value={n}>
              {n} x {r.duration_minutes} min
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button-primary button-sm"
          disabled={busy}
          onClick={() => void schedule()}
          aria-label={`Schedule ${r.business_name}`}
          data-testid="connect-schedule"
        >
          {busy ? "Scheduling…" : "Schedule"}
        </button>
      </div>
    </li>
  );
}

/**
 * The business requests connect staff gave this pro (docs/decisions/087): scheduling one books it on the pro's
 * calendar and it joins their jobs with a "Business" mark. Hidden when there is none.
 */
export function ConnectRequestsSection({ onScheduled, refresh }: { onScheduled(): void; refresh: number }) {
  const list = useRequest("pro:connect-requests", (signal) => getConnectRequests(signal));
  const reload = list.reload;
  // A live event (a request assigned, offered or taken back) reloads the list.
  useEffect(() => {
    if (refresh > 0) reload();
  }, [refresh, reload]);
  const items = list.data ?? [];
  if (list.loading && !list.data) return null;
  if (list.error) {
    return (
      <section className="biz-section" aria-labelledby="biz-connect">
        <h2 id="biz-connect" className="biz-section-title">
          Business requests
        </h2>
        <p className="muted" role="alert">
          {errorMessage(list.error)}{" "}
          <button type="button" className="button button-ghost button-sm" onClick={list.reload}>
            Try again
          </button>
        </p>
      </section>
    );
  }
  if (items.length === 0) return null;
  return (
    <section className="biz-section" aria-labelledby="biz-connect">
      <h2 id="biz-connect" className="biz-section-title">
        <BriefcaseIcon size={18} /> Business requests <span className="biz-count">{items.length}</span>
      </h2>
      <ul className="biz-list" aria-label="Business requests" data-testid="connect-requests">
        {items.map((r) => (
          <RequestLine
            key={r.connect_request_id}
            r={r}
            onScheduled={() => {
              list.reload();
              onScheduled();
            }}
          />
        ))}
      </ul>
    </section>
  );
}
