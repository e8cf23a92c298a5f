import { useEffect, useState } from "react";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ApiError } from "../../../lib/api-client";
import { formatLocalTime } from "../../../lib/local-time";
import { notify } from "../../../stores/alert-store";
import { completeJob } from "./api";

/** The completion checklist (every item must be ticked) and the Complete button. */
export function CompletionChecklist({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One story with the visit's one-tap steps: "I've arrived" ticks the checklist's "arrived" (decision 151).
  const arrived = view.visit.arrived_at !== null;
  useEffect(() => {
    if (arrived) setTicked((t) => (t.includes("arrived") ? t : [...t, "arrived"]));
  }, [arrived]);
  if (view.completed) {
    return (
      <section className="job-actions-section">
        <h3 className="job-actions-title">Completed</h3>
        <p>This job is complete. Your client was asked to rate it.</p>
      </section>
    );
  }
  const all = ticked.length === view.checklist.length;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const done = await completeJob(view.service_order_id, ticked);
      notify("success", done.message);
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The job could not be completed. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="job-actions-section">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="field job-checklist">
          <legend className="job-actions-title">Before you complete</legend>
          {view.checklist.map((item) => (
            <label key={item.id} className="checkbox-row">
              <input
                type="checkbox"
                name="checklist"
                value={item.id}
                checked={ticked.includes(item.id)}
                onChange={(e) =>
                  setTicked((t) => (e.target.checked ? [...t, item.id] : t.filter((x) => x !== item.id)))
                }
              />
              <span>{item.label}</span>
            </label>
          ))}
        </fieldset>
        {!view.can.complete && (
          <p className="field-hint">
            You can complete the job from its start time, {formatLocalTime(view.promised_arrival_time)}.
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={busy || !all}>
          {busy ? "Completing…" : "Complete job"}
        </button>
      </form>
    </section>
  );
}
