/**
 * US phone numbers. Accepts the common ways people type them and returns E.164 (+1XXXXXXXXXX), or null.
 * NANP rules: area code and exchange cannot start with 0 or 1. The 555-01XX line range is allowed: it
 * (555-0100 to 0199 in any area) is reserved for fiction; our demo accounts use it.
 */
export function normalizeUsPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[\d\s().+-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** "(212) 555-0101" for display. */
export function formatUsPhone(e164: string): string {
  const d = e164.replace(/^\+1/, "");
  if (!/^\d{10}$/.test(d)) return e164;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
