import type { VendorJobView } from "../../../../../schema/payloads/vendor-dashboard";

/** A booked job's schedule: a button to confirm it while unconfirmed, else the Confirmed tag. */
export function ConfirmScheduleButton({
  job,
  busy,
  onConfirm,
}: {
  job: VendorJobView;
  busy: string | null;
  onConfirm(j: VendorJobView): void;
}) {
  return job.scheduled_status === 0 ? (
    <button
      type="button"
      className="button button-primary button-sm"
      disabled={busy !== null}
      onClick={() => onConfirm(job)}
    >
      {busy === `confirm:${job.service_order_id}` ? "Confirming…" : "Confirm schedule"}
    </button>
  ) : (
    <span className="status-tag is-live">Confirmed</span>
  );
}
