/**
 * ZIP rules (docs/product.md section 5 "ZIP"): a ZIP is 5 digits, the number 1 to 99999; anything else is treated as
 * 0 (no ZIP); it is stored padded to 5 digits ("501" and 501 are "00501"). An address that is text
 * followed by a 5-digit ZIP (optionally +4) is reduced to that ZIP; otherwise the caller looks the address
 * up (geo port).
 *
 * domain/location-input.ts (header location box) applies the same rules to its input; these are the
 * building blocks for the API and the geocoder.
 */

/** The ZIP as a number: 1 to 99999, or 0 for anything that is not a ZIP. */
export function zipNumber(value: unknown): number {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return 0;
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return 0;
  }
  if (!/^\d{1,5}$/.test(text)) return 0;
  const n = Number(text);
  return n >= 1 && n <= 99999 ? n : 0;
}

/** Storage form: 5 digits, zero padded ("00000" stands for "no ZIP"). */
export function padZip(n: number): string {
  return String(n >= 1 && n <= 99999 && Number.isInteger(n) ? n : 0).padStart(5, "0");
}

/** The stored form of a ZIP, or null when the value is not a ZIP (treated as 0). */
export function normalizeZip(value: unknown): string | null {
  const n = zipNumber(value);
  return n === 0 ? null : padZip(n);
}

/** True for exactly five digits that form a ZIP (so "00000" is not one). */
export function isFiveDigitZip(text: string): boolean {
  return /^\d{5}$/.test(text) && zipNumber(text) !== 0;
}

/**
 * Military post offices (APO/FPO/DPO: 090xx-099xx Europe, 340xx the Americas, 962xx-966xx the Pacific). Their
 * ZIPs sit at bases abroad (09777 is in Paris), so a position is never placed in one: "Use my location" outside
 * the US must answer the invalid-location message, not a military ZIP (docs/decisions/123).
 */
export function isMilitaryZip(zip: string): boolean {
  const n = zipNumber(zip);
  if (n === 0) return false;
  return (n >= 9000 && n <= 9999) || (n >= 34000 && n <= 34099) || (n >= 96200 && n <= 96699);
}

// Everything before the ZIP (ending in a separator, not a letter or digit), the ZIP, an optional +4.
const TRAILING_ZIP = /^(?:(.*[^A-Za-z0-9]))?(\d{5})(?:-\d{4})?$/s;

/**
 * The ZIP an address reduces to: "350 5th Ave, New York, NY 10118" -> "10118",
 * "1 Main St, Austin TX 78701-1234" -> "78701", a bare "10118" -> "10118". Null when the address does not
 * end in a ZIP, when nothing before the ZIP has a letter, or for "00000": the caller then does an address
 * lookup (or refuses the input).
 */
export function zipFromAddress(address: string): string | null {
  const text = address.replace(/\s+/g, " ").trim();
  const m = TRAILING_ZIP.exec(text);
  if (!m) return null;
  const before = m[1];
  if (before !== undefined && !/[A-Za-z]/.test(before)) return null;
  return normalizeZip(m[2]);
}
