/**
 * Email rule of docs/product.md section 5: trimmed, something@domain with a top-level part of 2 or more letters.
 * Returns the normalised (trimmed, lower-cased) address, or null.
 */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  if (email.length > 254) return null;
  const match = /^[^\s@]+@([^\s@]+)$/.exec(email);
  if (!match) return null;
  const labels = match[1]!.split(".");
  if (labels.length < 2 || labels.some((l) => l.length === 0 || !/^[a-z0-9-]+$/.test(l))) return null;
  return /^[a-z]{2,}$/.test(labels[labels.length - 1]!) ? email : null;
}
