/**
 * "YYYY-MM-DD HH:MM" wall-clock times (the API's promised_arrival_time / selectedDate, local to the job's
 * time zone) shown as "Tue, Nov 24 at 10:00 AM", with the zone's short name when one is given.
 */
export function formatLocalTime(local: string | null | undefined, timeZone?: string | null): string {
  if (!local) return "Time to be confirmed";
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(local);
  if (!m) return local;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const day = date.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return `${day} at ${time}${timeZone ? ` ${zoneAbbrev(timeZone, date)}` : ""}`;
}

function zoneAbbrev(timeZone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? "";
  } catch {
    return "";
  }
}
