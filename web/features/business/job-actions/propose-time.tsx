import { useId, useState } from "react";
import { formatLocalDateTime, todayIn } from "../../../../domain/slot-format";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import type { RescheduleTimes } from "../../../../schema/payloads/orders";
import { ReschedulePicker } from "../../../components/booking/reschedule-picker";
import type { SlotChoice } from "../../../components/booking/slot-picker";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatLocalTime } from "../../../lib/local-time";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { fetchRescheduleTimes, proposeNewTime } from "./api";

/**
 * Proposing a new time for an accepted job (docs/decisions/066) with the booking's free-slot picker over the
 * pro's own free times. Nothing moves until the client approves; the pending proposal is shown until then.
 */
export function ProposeTime({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const times = useRequest<RescheduleTimes>(open ? `vendor-reschedule:${view.service_order_id}` : null, (signal) =>
    fetchRescheduleTimes(view.service_order_id, signal),
  );
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alternative, setAlternative] = useState<string | null>(null);
  const movable =
    (view.service_order_status_id === 10 || view.service_order_status_id === 20) &&
    Date.parse(view.promised_arrival_at) > Date.now();
  if (!movable) return null;
  const tz = times.data?.time_zone ?? "UTC";
  const today = todayIn(tz, Date.now());
  const local = choice ? `${choice.date} ${choice.time}` : null;
  const unchanged = local !== null && local === view.promised_arrival_time;
  const pending = times.data?.pending ?? null;

  const submit = async () => {
    if (!local || unchanged || busy) return;
    setBusy(true);
    setError(null);
    setAlternative(null);
    try {
      const done = await proposeNewTime(view.service_order_id, local, reason.trim());
      notify("success", done.message);
      times.reload();
      onChanged();
    } catch (err) {
      const alt =
        err instanceof ApiError ? (err.details.alternative as { selectedDate?: string } | undefined) : undefined;
      setError(err instanceof ApiError ? (err.fields?.selectedDate ?? err.message) : errorMessage(err));
      if (alt?.selectedDate) setAlternative(alt.selectedDate);
      times.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="job-actions-section" aria-labelledby={`${id}-t`} data-testid="propose-time">
      <h3 className="job-actions-title" id={`${id}-t`}>
        Move this job
      </h3>
      {!open ? (
        <>
          <p className="muted">
            Propose another of your free times. Your client approves or keeps their time; nothing moves until they
            approve.
          </p>
          <button
            type="button"
            className="button button-secondary button-sm"
            onClick={() => setOpen(true)}
            data-testid="propose-open"
          >
            Propose a new time
          </button>
        </>
      ) : (
        <form
          className="modal-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!local || unchanged) return setError("Choose a new time.");
            void submit();
          }}
        >
          {pending && (
            <p className="order-note" role="status" data-testid="proposal-pending">
              {pending.requested_by === "vendor"
                ? `Waiting for your client to approve ${formatLocalTime(pending.selectedDate, tz)}.`
                : `Your client asked for ${formatLocalTime(pending.selectedDate, tz)}: answer it on your dashboard.`}{" "}
              A new proposal replaces it.
            </p>
          )}
          <ReschedulePicker
            times={times}
            value={choice}
            onChange={(c) => {
              setChoice(c);
              setError(null);
            }}
            highlight={alternative ?? pending?.selectedDate ?? null}
          />
          <div className="field">
            <label className="field-label" htmlFor={`${id}-r`}>
              Reason for your client (optional)
            </label>
            <input
              id={`${id}-r`}
              className="input"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
              {alternative ? ` The nearest free time is ${formatLocalDateTime(alternative, { today })}.` : ""}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button button-ghost button-sm" onClick={() => setOpen(false)}>
              Close
            </button>
            <button
              type="submit"
              className="button button-primary button-sm"
              disabled={busy || !local || unchanged}
              data-testid="propose-submit"
            >
              {busy
                ? "Sending…"
                : local && !unchanged
                  ? `Propose ${formatLocalDateTime(local, { today })}`
                  : "Choose a new time"}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
