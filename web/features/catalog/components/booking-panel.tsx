import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { formatDuration, formatLocalDateTime, todayIn, zoneAbbreviation } from "../../../../domain/slot-format";
import { HoldCountdown } from "../../../components/booking/hold-countdown";
import {
  SlotLoadError,
  SlotPicker,
  SlotPickerSkeleton,
  type SlotChoice,
} from "../../../components/booking/slot-picker";
import { AppLink } from "../../../components/ui/app-link";
import { CheckIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import {
  addToCart,
  newIdempotencyKey,
  refusalOf,
  type CartItemDisplay,
  type MirrorItem,
  type Refusal,
} from "../../../lib/cart-api";
import {
  anyProPickerDays,
  getAnyProTimes,
  getVendorTimes,
  vendorPickerDays,
  type PickerDay,
} from "../../../lib/free-times";
import { formatPrice } from "../../../lib/format";
import { useRequest } from "../../../lib/use-request";
import { readCart } from "../../../stores/cart-store";
import { useViewer } from "../../../stores/shell-context";

export interface BookingService {
  service_id: number;
  description: string;
  slug?: string;
  image?: string | null;
  duration_minutes?: number;
  price_cents?: number;
}

export interface BookingVendor {
  vendor_id: number;
  display_name: string;
  photo?: string | null;
}

interface TimesView {
  days: PickerDay[];
  timeZone: string;
  duration: number;
  price: number | null;
}

/** "Any pro" prefers the pro already holding another item of this cart, so one visit can cover both. */
function cartHint(): number | null {
  const held = readCart()
    .map((i) => (typeof i.held_by_vendor_id === "number" ? i.held_by_vendor_id : null))
    .filter((v): v is number => v !== null);
  return held.length > 0 ? held[held.length - 1]! : null;
}

/**
 * Pick a free time and hold it in the cart. Without `vendor`, every pro serving the ZIP counts
 * (getServicesData processType 2) and the hold lands on one of them; with `vendor`, that pro's own
 * calendar (processType 1). "Add to cart" holds the time for 15 minutes (service-add-cart, one idempotency
 * key per click) and shows the countdown. A refused time offers the nearest free one.
 */
export function BookingPanel({
  zip,
  service,
  vendor,
  heading,
  headingLevel = 2,
  intro,
  chooser,
}: {
  zip: string;
  service: BookingService;
  vendor?: BookingVendor | null;
  heading: string;
  headingLevel?: 2 | 3;
  intro?: ReactNode;
  /** A control above the times (the vendor page's service select). */
  chooser?: ReactNode;
}) {
  const viewer = useViewer();
  const id = useId();
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [added, setAdded] = useState<MirrorItem | null>(null);
  const [expired, setExpired] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const key = vendor
    ? `times:v:${zip}:${service.service_id}:${vendor.vendor_id}`
    : `times:any:${zip}:${service.service_id}`;
  const times = useRequest<TimesView>(key, async (signal) => {
    if (vendor) {
      const t = await getVendorTimes(
        { zipCode: zip, serviceId: service.service_id, vendorId: vendor.vendor_id },
        signal,
      );
      return { days: vendorPickerDays(t), timeZone: t.time_zone, duration: t.totalDuration, price: t.price_cents };
    }
    const t = await getAnyProTimes({ zipCode: zip, serviceId: service.service_id }, signal);
    return { days: anyProPickerDays(t), timeZone: t.time_zone, duration: t.totalDuration, price: null };
  });

  // A different service, pro or ZIP starts a fresh choice.
  useEffect(() => {
    setChoice(null);
    setError(null);
    setRefusal(null);
    setAdded(null);
    setExpired(false);
  }, [key]);

  const tz = times.data?.timeZone ?? null;
  const today = useMemo(() => (tz ? todayIn(tz, Date.now()) : null), [tz]);
  const zoneNote = useMemo(() => {
    if (!tz) return undefined;
    const abbr = zoneAbbreviation(tz, Date.now());
    return vendor
      ? `Times are ${vendor.display_name}'s local time${abbr ? ` (${abbr})` : ""}.`
      : `Times are local to ${zip}${abbr ? ` (${abbr})` : ""}.`;
  }, [tz, vendor, zip]);

  const price = times.data?.price ?? service.price_cents ?? null;
  const duration = times.data?.duration ?? service.duration_minutes ?? 0;
  const selectedLocal = choice ? `${choice.date} ${choice.time}` : null;

  const add = async (selectedDate: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setRefusal(null);
    const display: CartItemDisplay = {
      service_name: service.description,
      slug: service.slug,
      image: service.image ?? null,
      vendor_name: vendor?.display_name,
      vendor_photo: vendor?.photo ?? null,
    };
    try {
      const item = await addToCart(
        {
          zipCode: zip,
          serviceId: service.service_id,
          vendorId: vendor?.vendor_id ?? null,
          hint_v: vendor ? null : cartHint(),
          selectedDate,
          idempotencyKey: newIdempotencyKey(),
        },
        display,
        viewer ? "user" : "visitor",
      );
      setAdded(item);
      setExpired(false);
      setChoice(null);
      requestAnimationFrame(() => {
        resultRef.current?.focus({ preventScroll: true });
        resultRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
      });
    } catch (err) {
      const r = refusalOf(err);
      if (r) {
        setRefusal(r);
        times.reload();
      } else {
        setError(errorMessage(err));
        if (err instanceof ApiError && err.code === "INVALID_INPUT") times.reload();
      }
    } finally {
      setBusy(false);
    }
  };

  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <section className="booking-panel" aria-labelledby={`${id}-title`}>
      <div className="booking-head">
        <Heading className="booking-title" id={`${id}-title`}>
          {heading}
        </Heading>
        <p className="booking-facts">
          {duration > 0 && <span>{formatDuration(duration)}</span>}
          {price !== null && <strong>{formatPrice(price)}</strong>}
        </p>
        {intro && <div className="booking-intro">{intro}</div>}
      </div>
      {chooser && <div className="booking-chooser">{chooser}</div>}

      {added ? (
        <div className="booking-done" ref={resultRef} tabIndex={-1} role="status">
          <div className="booking-done-icon" aria-hidden="true">
            <CheckIcon size={20} />
          </div>
          <div>
            <p className="booking-done-title">{expired ? "Your hold ended" : "Added to your cart"}</p>
            <p>
              {service.description}
              {vendor ? ` with ${vendor.display_name}` : ""},{" "}
              {added.selectedDate
                ? formatLocalDateTime(added.selectedDate, {
                    timeZone: added.time_zone,
                    instant: added.selected_at,
                    today,
                  })
                : ""}
            </p>
            {expired ? (
              <p className="muted">We released the time so others can book it. It may still be free: pick it again.</p>
            ) : (
              <p className="muted">
                We're holding this time for you.{" "}
                <HoldCountdown expiresAt={added.hold_expires_at} onExpire={() => setExpired(true)} />
              </p>
            )}
            <div className="booking-done-actions">
              {!expired && (
                <AppLink href="/cart" className="button button-primary">
                  Go to cart
                </AppLink>
              )}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setAdded(null);
                  setExpired(false);
                  times.reload();
                }}
              >
                {expired ? "Pick a time again" : "Book another time"}
              </button>
            </div>
          </div>
        </div>
      ) : times.loading && !times.data ? (
        <SlotPickerSkeleton />
      ) : times.error ? (
        <SlotLoadError error={times.error} onRetry={times.reload} />
      ) : times.data ? (
        <>
          <SlotPicker
            days={times.data.days}
            value={choice}
            onChange={(c) => {
              setChoice(c);
              setError(null);
            }}
            today={today}
            zoneNote={zoneNote}
            highlight={refusal?.alternative?.selectedDate ?? null}
          />
          {refusal && (
            <div className="booking-refusal" role="alert">
              <p>
                {refusal.code === "CART_ITEM_DATE_CHANGED"
                  ? "That time isn't offered any more."
                  : "Sorry, someone just booked that time."}{" "}
                {refusal.alternative
                  ? `The nearest free time is ${formatLocalDateTime(refusal.alternative.selectedDate, { today })}.`
                  : "There are no other free times nearby."}
              </p>
              {refusal.alternative && (
                <button
                  type="button"
                  className="button button-primary button-sm"
                  disabled={busy}
                  onClick={() => void add(refusal.alternative!.selectedDate)}
                >
                  Hold {formatLocalDateTime(refusal.alternative.selectedDate, { today })}
                </button>
              )}
            </div>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {times.data.days.some((d) => d.times.length > 0) && (
            <div className="booking-bar">
              <p className="booking-bar-choice" aria-live="polite">
                {selectedLocal ? (
                  <>
                    <span className="muted">Your time</span>
                    <strong>{formatLocalDateTime(selectedLocal, { today })}</strong>
                  </>
                ) : (
                  <span className="muted">Choose a time above</span>
                )}
              </p>
              <button
                type="button"
                className="button button-primary"
                data-testid="add-to-cart"
                disabled={!selectedLocal || busy}
                aria-describedby={`${id}-hold-note`}
                onClick={() => selectedLocal && void add(selectedLocal)}
              >
                {busy ? "Holding…" : "Add to cart"}
              </button>
              <p className="booking-bar-note" id={`${id}-hold-note`}>
                We hold your time for 15 minutes while you check out.
              </p>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
