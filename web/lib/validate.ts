import * as v from "valibot";
import { normalizeEmail } from "../../domain/email";
import { normalizeUsPhone } from "../../domain/phone";

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

/** The server's own email rule (domain/email.ts): what the form accepts, the API accepts. */
export function looksLikeEmail(email: string): boolean {
  return normalizeEmail(email) !== null;
}

/** The server's own US phone rule (domain/phone.ts): 10 digits, area code and exchange not starting 0 or 1. */
export function looksLikeUsPhone(phone: string): boolean {
  return normalizeUsPhone(phone) !== null;
}
