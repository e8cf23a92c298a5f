import { useCallback, useEffect, useId, useState } from "react";
import { formatLocalDateTime } from "../../../../domain/slot-format";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { askForException, getPenaltyIncidents, type PenaltyIncident } from "../api/business";

const STATE_TEXT = { pending: "Waiting for our team", approved: "Approved: points back", denied: "Not approved" };

/**
 * The jobs a pro gave back in the last 14 days that cost reliability points, each with a way to ask staff
 * for an exception (docs/decisions/099-exceptions.md). Shown only when there is one.
 */
export function PenaltyAppeals() {
  const [items, setItems] = useState<PenaltyIncident[] | null>(null);
  const [asking, setAsking] = useState<PenaltyIncident | null>(null);
  const [explanation, setExplanation] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setItems(await getPenaltyIncidents(signal));
    } catch {
      if (!signal?.aborted) setItems([]);
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);
  if (!items || items.length === 0) return null;
  return (
    <section className="biz-section" aria-labelledby={`${id}-title`} data-testid="penalty-appeals">
      <h2 id={`${id}-title`} className="biz-section-title">
        Reliability penalties
      </h2>
      <p className="muted">If something outside your control made you give a job back, ask us to lift the penalty.</p>
      <ul className="biz-list">
        {items.map((i) => (
          <li key={i.incident_id} className="biz-job">
            <span className="biz-job-main">
              <span className="biz-job-title">
                {i.service} · {formatLocalDateTime(i.local_time)}
              </span>
              <span className="biz-job-meta">
                -{i.penalty} reliability ({i.kind === "emergency_reschedule" ? "emergency" : "could not provide"})
                {i.exception_status && <> · {STATE_TEXT[i.exception_status]}</>}
                {i.decision_note && i.exception_status === "denied" && <> · “{i.decision_note}”</>}
              </span>
            </span>
            {i.exception_status === null && (
              <div className="biz-job-actions">
                <button
                  type="button"
                  className="button button-secondary button-sm"
                  onClick={() => {
                    setExplanation("");
                    setAsking(i);
                  }}
                >
                  Ask for an exception
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <p className="save-state" role="status" aria-live="polite">
        {notice ?? ""}
      </p>
      <ConfirmDialog
        open={asking !== null}
        title="Ask for an exception"
        description={
          asking
            ? `${asking.service}, ${formatLocalDateTime(asking.local_time)}: -${asking.penalty} reliability`
            : undefined
        }
        confirmLabel="Send request"
        busyLabel="Sending…"
        onCancel={() => setAsking(null)}
        onConfirm={async () => {
          await askForException(asking!.incident_id, explanation);
          setAsking(null);
          setNotice("Thanks. Our team will review your request and text you the answer.");
          await load();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-why`} className="field-label">
            What happened
          </label>
          <textarea
            id={`${id}-why`}
            className="input"
            rows={4}
            required
            minLength={10}
            maxLength={1000}
            value={explanation}
            onChange={(e) => setExplanation(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
