import type { VendorJobView, VendorOfferView } from "../../../../../schema/payloads/vendor-dashboard";

/** The open job's main action in its details: accept an offer, or confirm an accepted job's schedule. */
export function JobDetailActions({
  open,
  busy,
  onAccept,
  onConfirm,
}: {
  open: VendorJobView | VendorOfferView | null;
  busy: string | null;
  onAccept(o: VendorOfferView): void;
  onConfirm(j: VendorJobView): void;
}) {
  if (open && "expires_at" in open) {
    return (
      <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => onAccept(open)}>
        Accept job
      </button>
    );
  }
  if (open && open.scheduled_status === 0 && open.service_order_status_id === 20) {
    return (
      <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => onConfirm(open)}>
        Confirm schedule
      </button>
    );
  }
  return null;
}
