import * as v from "valibot";

export type Validated<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/** Runs a shared valibot payload schema and returns the first message per top-level field. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const r = v.safeParse(schema, input);
  if (r.success) return { ok: true, value: r.output };
  const fields: Record<string, string> = {};
  for (const issue of r.issues) {
    const key = issue.path?.[0]?.key;
    const name = typeof key === "string" ? key : "form";
    fields[name] ??= issue.message;
  }
  return { ok: false, fields };
}

/** Mirrors SPEC section 5 "Email": trimmed, with a top-level part of 2 or more letters. */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(email.trim());
}

/** A US phone number in any common format has 10 digits, optionally after a leading 1. */
export function looksLikeUsPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
}
