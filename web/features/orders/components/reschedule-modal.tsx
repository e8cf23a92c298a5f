import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { formatLocalDateTime, splitLocal, todayIn } from "../../../../domain/slot-format";
import type { RescheduleTimes } from "../../../../schema/payloads/orders";
import { ReschedulePicker } from "../../../components/booking/reschedule-picker";
import type { SlotChoice } from "../../../components/booking/slot-picker";
import { Dialog } from "../../../components/ui/dialog";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { answerProposal, getRescheduleTimes, requestReschedule, type ScheduledOrder } from "../api/orders";

/**
 * Moving an appointment with the booking's free-slot picker (the pro's free times, the job's own booking left
 * out). Two uses:
 * - the customer asks for a new time: the pro must agree (decision 033);
 * - the pro proposed a new time (decision 066): it is chosen and pointed out in the picker; the customer
 *   approves it (the appointment moves), keeps their time (the proposal is refused), or picks another time,
 *   which asks the pro for that one instead.
 */
export function RescheduleModal({
  order,
  onClose,
  onDone,
}: {
  order: ScheduledOrder | null;
  onClose(): void;
  onDone(): void;
}) {
  const proposal = order?.vendor_proposal ?? null;
  const navigate = useNavigate();
  const optionId = useId();
  // Another length of the service (docs/decisions/067): null keeps the booked one.
  const [serviceId, setServiceId] = useState<number | null>(null);
  const times = useRequest<RescheduleTimes>(
    order ? `reschedule-times:${order.service_order_id}:${serviceId ?? "same"}` : null,
    (signal) => getRescheduleTimes(order!.service_order_id, signal, serviceId ?? undefined),
  );
  const [options, setOptions] = useState<NonNullable<RescheduleTimes["options"]>>([]);
  useEffect(() => {
    if (times.data?.options && serviceId === null) setOptions(times.data.options);
  }, [times.data, serviceId]);
  const current = options.find((o) => o.current) ?? null;
  const chosenOption = options.find((o) => o.service_id === serviceId) ?? null;
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alternative, setAlternative] = useState<string | null>(null);
  const [busy, setBusy] = useState<"approve" | "refuse" | "ask" | null>(null);

  useEffect(() => {
    setChoice(proposal ? splitLocal(proposal.selectedDate) : null);
    setError(null);
    setAlternative(null);
    setServiceId(null);
    setOptions([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when another order or proposal opens
  }, [order?.service_order_id, proposal?.request_id]);

  const tz = order?.time_zone ?? "UTC";
  const today = todayIn(tz, Date.now());
  const local = choice ? `${choice.date} ${choice.time}` : null;
  const isProposal = proposal !== null && local === proposal.selectedDate && serviceId === null;
  const unchanged = order !== null && local === order.promised_arrival_time && serviceId === null;

  const run = async (
    kind: "approve" | "refuse" | "ask",
    work: () => Promise<{ message: string; change?: { checkout_url: string | null } | null }>,
  ) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    setAlternative(null);
    try {
      const done = await work();
      const pay = done.change?.checkout_url;
      if (pay) {
        // A longer option: the difference is paid before the pro is asked.
        onClose();
        void navigate({ href: pay });
        return;
      }
      notify("success", done.message);
      onDone();
      onClose();
    } catch (err) {
      const alt =
        err instanceof ApiError ? (err.details.alternative as { selectedDate?: string } | undefined) : undefined;
      setError(err instanceof ApiError ? (err.fields?.selectedDate ?? err.message) : errorMessage(err));
      if (alt?.selectedDate) setAlternative(alt.selectedDate);
      times.reload();
    } finally {
      setBusy(null);
    }
  };

  const title = proposal ? "Your professional asks for a new time" : "Reschedule";
  const description = proposal
    ? "Approve the time your professional proposed, keep your current time, or pick another free time to ask them for."
    : "Pick one of your professional's free times. They must agree to it: we hold it for them and text you their answer; until then your appointment stays as booked, and if they don't answer within 24 hours (and before the visit) the request lapses.";

  return (
    <Dialog open={order !== null} onClose={onClose} title={title} size="lg" description={description}>
      {order && (
        <form
          className="modal-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!local || unchanged) return setError("Choose a new time.");
            if (isProposal) void run("approve", () => answerProposal(proposal!.request_id, true));
            else void run("ask", () => requestReschedule(order.service_order_id, local, serviceId ?? undefined));
          }}
        >
          <p className="muted">
            {order.service.description}, now {formatLocalTime(order.promised_arrival_time, order.time_zone)}
          </p>
          {proposal && (
            <p className="order-note" data-testid="proposal-note">
              {order.vendor?.name ?? "Your professional"} proposes{" "}
              <strong>{formatLocalTime(proposal.selectedDate, order.time_zone)}</strong>
              {proposal.reason ? ` (${proposal.reason})` : ""}.
            </p>
          )}
          {options.length > 1 && (
            <div className="field">
              <label className="field-label" htmlFor={optionId}>
                Length
              </label>
              <select
                id={optionId}
                className="input select"
                value={serviceId ?? current?.service_id ?? ""}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  setServiceId(id === current?.service_id ? null : id);
                  setError(null);
                  setAlternative(null);
                }}
                aria-describedby={`${optionId}-hint`}
                data-testid="reschedule-option"
              >
                {options.map((o) => (
                  <option key={o.service_id} value={o.service_id}>
                    {o.minutes} min · {formatCents(o.price_cents)}
                    {o.current ? " (booked)" : ""}
                  </option>
                ))}
              </select>
              <p className="field-hint" id={`${optionId}-hint`}>
                {chosenOption && current
                  ? chosenOption.price_cents > current.price_cents
                    ? "A longer visit costs more: you review and pay the difference before we ask your professional."
                    : "The difference comes back to you once your professional accepts."
                  : "You can also change the length of your appointment."}
              </p>
            </div>
          )}
          <ReschedulePicker
            times={times}
            value={choice}
            onChange={(c) => {
              setChoice(c);
              setError(null);
            }}
            highlight={alternative ?? proposal?.selectedDate ?? null}
          />
          {error && (
            <div className="booking-refusal" role="alert">
              <p>
                {error}
                {alternative ? ` The nearest free time is ${formatLocalDateTime(alternative, { today })}.` : ""}
              </p>
            </div>
          )}
          <div className="modal-actions">
            {proposal ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy !== null}
                onClick={() => void run("refuse", () => answerProposal(proposal.request_id, false))}
                data-testid="proposal-refuse"
              >
                {busy === "refuse" ? "Sending…" : "Keep my current time"}
              </button>
            ) : (
              <button type="button" className="button button-secondary" onClick={onClose}>
                Keep my time
              </button>
            )}
            <button
              type="submit"
              className="button button-primary"
              disabled={busy !== null || !local || unchanged}
              data-testid={isProposal ? "proposal-approve" : "reschedule-ask"}
            >
              {busy === "approve" || busy === "ask"
                ? "Sending…"
                : !local || unchanged
                  ? "Choose a new time"
                  : isProposal
                    ? `Approve ${formatLocalDateTime(local, { today })}`
                    : `Ask for ${formatLocalDateTime(local, { today })}`}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
