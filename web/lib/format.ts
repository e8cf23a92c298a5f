import { formatCents } from "../../domain/money";

/** Money is integer cents everywhere; domain/money.ts formatCents is the one edge where it becomes dollars. */
export { formatCents };

const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Prices on cards: "$150" for whole dollars, "$82.50" otherwise. */
export function formatPrice(cents: number): string {
  const c = Number.isFinite(cents) ? Math.round(cents) : 0;
  return c % 100 === 0 ? usdWhole.format(c / 100) : formatCents(c);
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });
}

export function firstName(name: string | null | undefined): string {
  return (name ?? "").trim().split(/\s+/)[0] ?? "";
}

/** "+18005550199" or "8005550199" → "(800) 555-0199"; anything else is returned as given. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== 10) return phone;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}
