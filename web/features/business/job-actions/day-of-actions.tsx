import { useId, useState } from "react";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { giveJobBack, reportUnreachable, requestContactInfo, textCustomer } from "./api";
import { formatPhone } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { RELIABILITY_PENALTY } from "../../../../domain/job-actions";

const GIVE_BACK_REASONS = ["emergency", "not_offered", "customer_request", "unsafe"] as const;
type GiveBackReason = (typeof GIVE_BACK_REASONS)[number];
const GIVE_BACK_LABELS: Record<GiveBackReason, string> = {
  emergency: "Emergency: I can't make this time",
  not_offered: "I don't offer what the client needs",
  customer_request: "The client asked for something else",
  unsafe: "The place is unsafe",
};

/** The reliability a give-back costs (worker/jobs/release.ts: the emergency route, or "cannot provide"). */
function penaltyOf(reason: GiveBackReason): number {
  if (reason === "emergency") return RELIABILITY_PENALTY.emergency_reschedule;
  if (reason === "not_offered") return RELIABILITY_PENALTY.cannot_provide;
  return RELIABILITY_PENALTY.no_penalty;
}

function penaltyText(reason: GiveBackReason): string {
  const p = penaltyOf(reason);
  return p > 0 ? `-${p} reliability` : "no penalty";
}

/** What giving the job back does, said before it happens: the penalty, who is told, and that it is final. */
function giveBackConsequence(view: JobActionsView, reason: GiveBackReason): string {
  const p = penaltyOf(reason);
  return (
    `${view.description}, ${formatLocalTime(view.promised_arrival_time)}. ` +
    (p > 0 ? `Your reliability goes down by ${p} points. ` : "There is no reliability penalty for this reason. ") +
    `We text ${view.customer.first_name} that you can't do it and offer the job to other pros at the same time. ` +
    "It leaves your calendar and you can't take it back."
  );
}

/** Reaching the client (masked texting, contact request), customer unreachable with a video, giving the job back. */
export function DayOfActions({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [video, setVideo] = useState<File | null>(null);
  // No default: the reason sets the penalty, so the pro picks it (decision 130).
  const [reason, setReason] = useState<GiveBackReason | "">("");
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (name: string, work: () => Promise<{ message: unknown; text?: string }>) => {
    setBusy(name);
    setError(null);
    try {
      const done = await work();
      notify("success", typeof done.message === "string" ? done.message : (done.text ?? "Done."));
      onChanged();
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "That didn't work. Please try again.");
      return false;
    } finally {
      setBusy(null);
    }
  };
  const active = view.service_order_status_id === 20 || view.service_order_status_id === 30;
  return (
    <section className="job-actions-section">
      <h3 className="job-actions-title">
        {view.customer.first_name} {view.customer.phone ? `· ${formatPhone(view.customer.phone)}` : ""}
      </h3>
      {view.can.contact && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!message.trim()) return setError("Write a message first.");
            void run("text", () => textCustomer(view.service_order_id, message.trim())).then(
              (ok) => ok && setMessage(""),
            );
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${id}-m`}>
              Text your client (your number stays private)
            </label>
            <textarea
              id={`${id}-m`}
              className="textarea input"
              rows={2}
              maxLength={480}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <div className="modal-actions">
            <button type="submit" className="button button-secondary button-sm" disabled={busy !== null}>
              {busy === "text" ? "Sending…" : "Send text"}
            </button>
            <button
              type="button"
              className="button button-ghost button-sm"
              disabled={busy !== null}
              onClick={() => void run("contact", () => requestContactInfo(view.service_order_id))}
            >
              Ask client to contact me
            </button>
          </div>
        </form>
      )}
      {active && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!video) return setError("Add the video you recorded at the address (60 seconds at most).");
            void run("unreachable", () => reportUnreachable(view.service_order_id, video, ""));
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${id}-v`}>
              Client unreachable: video at the address (max 60 s)
            </label>
            <input
              id={`${id}-v`}
              type="file"
              className="input"
              accept="video/mp4,video/quicktime,video/x-msvideo,video/x-ms-wmv,video/x-matroska,video/webm"
              capture="environment"
              onChange={(e) => setVideo(e.target.files?.[0] ?? null)}
            />
            {!view.can.unreachable && <p className="field-hint">Available 30 minutes after the arrival time.</p>}
          </div>
          <button
            type="submit"
            className="button button-secondary button-sm"
            disabled={busy !== null || !view.can.unreachable}
          >
            {busy === "unreachable" ? "Sending…" : "Report client unreachable"}
          </button>
        </form>
      )}
      {active && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason) return setError("Choose a reason: it decides the reliability penalty.");
            setError(null);
            setAsking(true);
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${id}-r`}>
              I can't do this job
            </label>
            <select
              id={`${id}-r`}
              className="input select"
              value={reason}
              onChange={(e) => setReason(e.target.value as GiveBackReason | "")}
              data-testid="give-back-reason"
            >
              <option value="" disabled>
                Choose a reason
              </option>
              {GIVE_BACK_REASONS.map((r) => (
                <option key={r} value={r}>
                  {GIVE_BACK_LABELS[r]} ({penaltyText(r)})
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="button button-ghost button-sm"
            disabled={busy !== null}
            aria-haspopup="dialog"
          >
            Give the job back
          </button>
        </form>
      )}
      <ConfirmDialog
        open={asking && reason !== ""}
        title="Give this job back?"
        description={reason ? giveBackConsequence(view, reason) : undefined}
        confirmLabel="Give the job back"
        busyLabel="Giving it back…"
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          if (!reason) return;
          const kind = reason === "emergency" ? "emergency" : "cannot-provide";
          const done = await giveJobBack(view.service_order_id, kind, reason, "");
          setAsking(false);
          notify("success", done.text);
          onChanged();
        }}
        testId="give-back-dialog"
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
