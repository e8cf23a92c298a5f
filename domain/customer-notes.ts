/**
 * The customer's notes for the pro, written at checkout (docs/decisions/048-customer-notes.md): access,
 * parking, pets, what to bring. Pure.
 */

/** Longest note kept, in characters (a few sentences; the job modal shows it whole). */
export const CUSTOMER_NOTES_MAX = 500;

/**
 * The note as stored: control characters other than line breaks removed, each line trimmed, at most one blank
 * line in a row, trimmed; an empty note is null. Callers check the length of the cleaned text.
 */
export function cleanCustomerNotes(text: string | null | undefined): string | null {
  if (!text) return null;
  const cleaned = text
    .replace(/\r\n?/g, "\n")
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cleaned === "" ? null : cleaned;
}
