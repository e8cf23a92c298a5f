/**
 * What a person typed into a ZIP-or-address box (docs/product.md section 5 "ZIP"): a 5 digit ZIP (1 to 99999, kept
 * padded to 5 digits), an address that ends in a ZIP (reduced to that ZIP), or an address that needs a
 * lookup. Used by the header's location box and the API's address endpoints alike.
 */
export type LocationInput = { kind: "zip"; zip: string } | { kind: "address"; address: string } | { kind: "invalid" };

/** Normalises a stored or query ZIP: digits only, 1 to 99999, padded to 5; anything else is null. */
export function normalizeZip(value: unknown): string | null {
  if (typeof value === "number") value = String(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  if (n < 1 || n > 99999) return null;
  return String(n).padStart(5, "0");
}

const TRAILING_ZIP = /[A-Za-z].*?\b(\d{5})(?:-\d{4})?\s*$/;

export function parseLocationInput(raw: string): LocationInput {
  const text = raw.replace(/\s+/g, " ").trim();
  if (text === "") return { kind: "invalid" };
  if (/^\d+$/.test(text)) {
    // The box asks for exactly 5 digits; shorter numbers are typos, not ZIPs with dropped zeros.
    if (text.length !== 5) return { kind: "invalid" };
    const zip = normalizeZip(text);
    return zip ? { kind: "zip", zip } : { kind: "invalid" };
  }
  const m = TRAILING_ZIP.exec(text);
  if (m?.[1]) {
    const zip = normalizeZip(m[1]);
    return zip ? { kind: "zip", zip } : { kind: "invalid" };
  }
  if (/[A-Za-z]{2,}/.test(text) && text.length >= 5) return { kind: "address", address: text.slice(0, 200) };
  return { kind: "invalid" };
}
