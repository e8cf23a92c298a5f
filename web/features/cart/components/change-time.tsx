import { useMemo, useState } from "react";
import { formatLocalDateTime, splitLocal, todayIn, zoneAbbreviation } from "../../../../domain/slot-format";
import {
  SlotLoadError,
  SlotPicker,
  SlotPickerSkeleton,
  type SlotChoice,
} from "../../../components/booking/slot-picker";
import { errorMessage } from "../../../lib/api-client";
import { moveCartItem, refusalOf, type MirrorItem, type Refusal } from "../../../lib/cart-api";
import {
  anyProPickerDays,
  getAnyProTimes,
  getVendorTimes,
  vendorPickerDays,
  type PickerDay,
} from "../../../lib/free-times";
import { useRequest } from "../../../lib/use-request";

/**
 * Moving an item to another time: the free times of its pro (processType 1) or of any pro (processType 2),
 * with the item's own hold left out (`cart: [cartitemid]`) so the times next to it count as free. Saving
 * holds the new time first (service-update-cart); a refusal leaves the item as it was and offers the nearest
 * free time.
 */
export function ChangeTime({
  item,
  zip,
  suggested,
  onDone,
  onCancel,
}: {
  item: MirrorItem;
  zip: string;
  /** A time to point out (the alternative the server offered). */
  suggested?: string | null;
  onDone(updated: MirrorItem): void;
  onCancel(): void;
}) {
  const initial = suggested ? splitLocal(suggested) : null;
  const [choice, setChoice] = useState<SlotChoice | null>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const times = useRequest<{ days: PickerDay[]; tz: string }>(
    `move:${item.cartitemid}:${item.vendor_id ?? "any"}:${zip}`,
    async (signal) => {
      const base = { zipCode: zip, serviceId: item.service_id, cart: [item.cartitemid] };
      if (item.vendor_id !== null) {
        const t = await getVendorTimes({ ...base, vendorId: item.vendor_id }, signal);
        return { days: vendorPickerDays(t), tz: t.time_zone };
      }
      const t = await getAnyProTimes(base, signal);
      return { days: anyProPickerDays(t), tz: t.time_zone };
    },
  );
  const tz = times.data?.tz ?? item.time_zone;
  const today = useMemo(() => todayIn(tz, Date.now()), [tz]);
  const abbr = zoneAbbreviation(tz, Date.now());
  const local = choice ? `${choice.date} ${choice.time}` : null;
  const unchanged = local !== null && local === item.selectedDate;

  const save = async (selectedDate: string) => {
    setBusy(true);
    setError(null);
    setRefusal(null);
    try {
      onDone(await moveCartItem(item.cartitemid, selectedDate));
    } catch (err) {
      const r = refusalOf(err);
      if (r) {
        setRefusal(r);
        times.reload();
      } else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="change-time">
      {times.loading && !times.data ? (
        <SlotPickerSkeleton />
      ) : times.error ? (
        <SlotLoadError error={times.error} onRetry={times.reload} />
      ) : times.data ? (
        <SlotPicker
          days={times.data.days}
          value={choice}
          onChange={setChoice}
          today={today}
          zoneNote={`Times are local to the service address${abbr ? ` (${abbr})` : ""}.`}
          highlight={refusal?.alternative?.selectedDate ?? suggested ?? null}
        />
      ) : null}
      {refusal && (
        <div className="booking-refusal" role="alert">
          <p>
            Sorry, that time was just taken.{" "}
            {refusal.alternative
              ? `The nearest free time is ${formatLocalDateTime(refusal.alternative.selectedDate, { today })}.`
              : "There are no other free times nearby."}
          </p>
          {refusal.alternative && (
            <button
              type="button"
              className="button button-primary button-sm"
              disabled={busy}
              onClick={() => void save(refusal.alternative!.selectedDate)}
            >
              Move to {formatLocalDateTime(refusal.alternative.selectedDate, { today })}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="change-time-actions">
        <button
          type="button"
          className="button button-primary button-sm"
          disabled={!local || unchanged || busy}
          onClick={() => local && void save(local)}
        >
          {busy
            ? "Saving…"
            : local && !unchanged
              ? `Move to ${formatLocalDateTime(local, { today })}`
              : "Choose a new time"}
        </button>
        <button type="button" className="button button-ghost button-sm" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
