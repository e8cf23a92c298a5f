import { useEffect, useId, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { createTimeOff, deleteTimeOff, updateTimeOff } from "../api/business";
import { asyncHandler } from "../../../lib/async-handler";

/** A time off being added (id null) or edited; times are "YYYY-MM-DD HH:MM" in the vendor's zone. */
export interface TimeOffDraft {
  id: string | null;
  start: string;
  end: string;
  note: string;
  /** The day the pro was looking at (the default date of a new time off). */
  date: string;
}

/** Every half hour of the day, for the time pickers. */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const m = i * 30;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
});

function TimeSelect({ id, value, onChange }: { id: string; value: string; onChange(v: string): void }) {
  return (
    <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
      {HALF_HOURS.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

export function TimeOffModal({
  draft,
  onClose,
  onDone,
}: {
  draft: TimeOffDraft | null;
  onClose(): void;
  onDone(): void;
}) {
  const ids = useId();
  const [startDate, setStartDate] = useState("");
  const [startTime, setStartTime] = useState("09:00");
  const [endDate, setEndDate] = useState("");
  const [endTime, setEndTime] = useState("17:00");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!draft) return;
    setStartDate(draft.start ? draft.start.slice(0, 10) : draft.date);
    setStartTime(draft.start ? draft.start.slice(11, 16) : "09:00");
    setEndDate(draft.end ? draft.end.slice(0, 10) : draft.date);
    setEndTime(draft.end ? draft.end.slice(11, 16) : "17:00");
    setNote(draft.note);
    setError(null);
  }, [draft]);

  const start = `${startDate} ${startTime}`;
  const end = `${endDate} ${endTime}`;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!startDate || !endDate) return setError("Choose the start and end dates.");
    if (end <= start) return setError("The time off must end after it starts.");
    setBusy(true);
    setError(null);
    try {
      const input = { start, end, ...(note.trim() ? { note: note.trim() } : {}) };
      if (draft?.id) await updateTimeOff(draft.id, input);
      else await createTimeOff(input);
      notify("success", draft?.id ? "Time off updated." : "Time off added. Clients won't be offered those times.");
      onDone();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!draft?.id) return;
    setBusy(true);
    setError(null);
    try {
      await deleteTimeOff(draft.id);
      notify("success", "Time off removed.");
      onDone();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={draft !== null}
      onClose={onClose}
      title={draft?.id ? "Edit time off" : "Add time off"}
      description="Clients can't book you during time off. Time off can't overlap a job you've accepted."
      size="sm"
      testId="time-off-modal"
    >
      <form className="time-off-form" onSubmit={asyncHandler(submit)} noValidate>
        <div className="time-off-row">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-sd`}>
              From
            </label>
            <input
              id={`${ids}-sd`}
              className="input"
              type="date"
              value={startDate}
              required
              onChange={(e) => {
                setStartDate(e.target.value);
                if (!endDate || endDate < e.target.value) setEndDate(e.target.value);
              }}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-st`}>
              Start time
            </label>
            <TimeSelect id={`${ids}-st`} value={startTime} onChange={setStartTime} />
          </div>
        </div>
        <div className="time-off-row">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-ed`}>
              Until
            </label>
            <input
              id={`${ids}-ed`}
              className="input"
              type="date"
              value={endDate}
              min={startDate || undefined}
              required
              onChange={(e) => setEndDate(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-et`}>
              End time
            </label>
            <TimeSelect id={`${ids}-et`} value={endTime} onChange={setEndTime} />
          </div>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-note`}>
            Note <span className="field-optional">(optional, only you see it)</span>
          </label>
          <input
            id={`${ids}-note`}
            className="input"
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <FormError message={error} />
        <div className="form-actions">
          {draft?.id && (
            <button type="button" className="button button-ghost" disabled={busy} onClick={() => void remove()}>
              Delete
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
