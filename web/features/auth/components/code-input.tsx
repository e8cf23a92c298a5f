import { Field } from "../../../components/ui/field";

/** The 6 digit SMS code field: numeric keypad, one-time-code autofill, digits only. */
export function CodeInput({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  return (
    <Field
      label="6-digit code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      className="field-code"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
      error={error}
      required
    />
  );
}
