import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { RepeatIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { asyncHandler } from "../../../lib/async-handler";
import { addToCart, newIdempotencyKey } from "../../../lib/cart-api";
import { formatLocalTime } from "../../../lib/local-time";
import { getBookAgain, type BookAgainOffer } from "../api/orders";

/**
 * "Book again" on a completed visit (docs/decisions/153): the first tap shows the same pro's next free times
 * for the same service; a tap on a time puts it in the cart (the same ZIP) and opens the checkout, where the
 * saved address is filled in. When the pro no longer offers it or is not active, it says so.
 */
export function BookAgain({ serviceOrderId }: { serviceOrderId: number }) {
  const navigate = useNavigate();
  const [offer, setOffer] = useState<BookAgainOffer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const open = asyncHandler(async () => {
    setBusy("open");
    setError(null);
    try {
      setOffer(await getBookAgain(serviceOrderId));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  });

  const book = (time: string) =>
    asyncHandler(async () => {
      if (!offer) return;
      setBusy(time);
      setError(null);
      try {
        await addToCart(
          {
            zipCode: offer.zipcode,
            serviceId: offer.service_id,
            vendorId: offer.vendor_id,
            selectedDate: time,
            idempotencyKey: newIdempotencyKey(),
          },
          { service_name: offer.description, vendor_name: offer.vendor_name, vendor_photo: offer.vendor_photo },
          "user",
        );
        await navigate({ to: "/checkout" });
      } catch (err) {
        setError(errorMessage(err));
        setBusy(null);
      }
    });

  return (
    <div className="book-again" data-testid="book-again">
      {!offer && (
        <button
          type="button"
          className="button button-primary button-sm"
          onClick={open}
          disabled={busy !== null}
          data-testid="book-again-open"
        >
          <RepeatIcon size={16} /> Book again
        </button>
      )}
      {offer && (
        <div className="book-again-times">
          <p className="muted">
            {offer.times.length
              ? `${offer.vendor_name}'s next free times for ${offer.description}:`
              : `${offer.vendor_name} has no free time in the next 4 weeks.`}
          </p>
          <ul className="time-chips" aria-label="Next free times">
            {offer.times.map((t) => (
              <li key={t}>
                <button
                  type="button"
                  className="button button-secondary button-sm"
                  onClick={book(t)}
                  disabled={busy !== null}
                  data-testid="book-again-time"
                >
                  {formatLocalTime(t, offer.time_zone)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="book-again-error">
          {error}
        </p>
      )}
    </div>
  );
}
