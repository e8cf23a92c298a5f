/** "YYYY-MM-DD" of an instant in a zone. */
export function localDateIn(ms: number, tz: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      ms,
    );
  } catch {
    return new Date(ms).toISOString().slice(0, 10);
  }
}
