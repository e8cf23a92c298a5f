import { useId, useState } from "react";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { giveJobBack, reportUnreachable, requestContactInfo, textCustomer } from "./api";
import { formatPhone } from "../../../lib/format";

/** Reaching the client (masked texting, contact request), customer unreachable with a video, giving the job back. */
export function DayOfActions({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [video, setVideo] = useState<File | null>(null);
  const [reason, setReason] = useState("emergency");
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
            const kind = reason === "emergency" ? "emergency" : "cannot-provide";
            void run("release", () => giveJobBack(view.service_order_id, kind, reason, ""));
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${id}-r`}>
              I can't do this job
            </label>
            <select id={`${id}-r`} className="input select" value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="emergency">Emergency: I can't make this time (-5 reliability)</option>
              <option value="not_offered">I don't offer what the client needs (-10 reliability)</option>
              <option value="customer_request">The client asked for something else (no penalty)</option>
              <option value="unsafe">The place is unsafe (no penalty)</option>
            </select>
          </div>
          <button type="submit" className="button button-ghost button-sm" disabled={busy !== null}>
            {busy === "release" ? "Releasing…" : "Give the job back"}
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
