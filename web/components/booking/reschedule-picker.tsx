import { useMemo } from "react";
import { todayIn, zoneAbbreviation } from "../../../domain/slot-format";
import type { RescheduleTimes } from "../../../schema/payloads/orders";
import type { PickerDay } from "../../lib/free-times";
import type { RequestState } from "../../lib/use-request";
import { SlotLoadError, SlotPicker, SlotPickerSkeleton, type SlotChoice } from "./slot-picker";

/** A job's reschedule times as the booking's slot picker takes them. */
export function reschedulePickerDays(t: RescheduleTimes): PickerDay[] {
  return t.days.map((d) => ({ date: d.date, holiday: d.holiday, times: d.times.map((time) => ({ time })) }));
}

/**
 * The booking's free-slot picker over one job's reschedule times (the pro's free starts with the job's own
 * booking and its pending request left out), shared by the customer's reschedule modal and the pro's job page.
 */
export function ReschedulePicker({
  times,
  value,
  onChange,
  highlight,
}: {
  times: RequestState<RescheduleTimes>;
  value: SlotChoice | null;
  onChange(choice: SlotChoice): void;
  /** A time to point out ("YYYY-MM-DD HH:MM"): the proposed time, or a refused time's alternative. */
  highlight?: string | null;
}) {
  const tz = times.data?.time_zone ?? "UTC";
  const days = useMemo(() => (times.data ? reschedulePickerDays(times.data) : []), [times.data]);
  const today = useMemo(() => todayIn(tz, Date.now()), [tz]);
  const abbr = zoneAbbreviation(tz, Date.now());
  if (times.loading && !times.data) return <SlotPickerSkeleton />;
  if (!times.data) return <SlotLoadError error={times.error} onRetry={times.reload} />;
  return (
    <SlotPicker
      days={days}
      value={value}
      onChange={onChange}
      today={today}
      zoneNote={`Times are local to the service address${abbr ? ` (${abbr})` : ""}.`}
      highlight={highlight ?? null}
    />
  );
}
