import type { VendorOfferView } from "../../../../../schema/payloads/vendor-dashboard";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { formatLocalTime } from "../../../../lib/local-time";

/** Asks before an offer is declined, saying what happens to it and to the client. */
export function DeclineOfferDialog({
  offer,
  onCancel,
  onConfirm,
}: {
  offer: VendorOfferView | null;
  onCancel(): void;
  onConfirm(o: VendorOfferView): Promise<void>;
}) {
  return (
    <ConfirmDialog
      open={offer !== null}
      title="Decline this offer?"
      description={
        offer
          ? `${offer.service}, ${formatLocalTime(offer.promised_arrival_time, offer.time_zone)}. ` +
            (offer.chosen
              ? "Your client chose you: we'll text them that you can't take it and offer it to other pros."
              : "We'll offer it to other pros near the client.") +
            " You won't be offered it again. Declining an offer costs no reliability."
          : undefined
      }
      confirmLabel="Decline offer"
      busyLabel="Declining…"
      onCancel={onCancel}
      onConfirm={() => onConfirm(offer!)}
      testId="decline-offer-dialog"
    />
  );
}
