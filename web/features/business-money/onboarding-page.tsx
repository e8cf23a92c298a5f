import { useState } from "react";
import { Page } from "../../components/layout/page";
import { Field, FormError } from "../../components/ui/field";
import { ApiError, errorMessage } from "../../lib/api-client";
import { notify } from "../../stores/alert-store";
import { asyncHandler } from "../../lib/async-handler";
import { completeLocalOnboarding } from "./api";

/**
 * /business/payouts-onboarding: the local payments adapter's own onboarding page, standing in for Stripe's
 * hosted Express onboarding so the payout path works offline (the account goes from "pending" to "active").
 */
export function PayoutOnboardingScreen() {
  const [form, setForm] = useState({ legal_name: "", routing_number: "", account_number: "" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  return (
    <Page
      width="narrow"
      eyebrow="Payouts"
      title="Set up your payout account"
      intro="Where your weekly payouts go. Test mode: no money moves; use routing number 110000000 and any account number."
    >
      <form
        className="card form"
        noValidate
        onSubmit={asyncHandler(async (e) => {
          e.preventDefault();
          if (busy) return;
          setBusy(true);
          setError(null);
          setFields({});
          try {
            await completeLocalOnboarding(form);
            notify("success", "Your payout account is ready.");
            window.location.assign("/business/pay?payouts=return");
          } catch (err) {
            if (err instanceof ApiError && err.fields) setFields(err.fields);
            setError(errorMessage(err));
          } finally {
            setBusy(false);
          }
        })}
      >
        <FormError message={error} />
        <Field
          label="Legal name"
          autoComplete="name"
          value={form.legal_name}
          onChange={set("legal_name")}
          error={fields.legal_name}
          required
        />
        <Field
          label="Routing number"
          inputMode="numeric"
          value={form.routing_number}
          onChange={set("routing_number")}
          error={fields.routing_number}
          required
        />
        <Field
          label="Account number"
          inputMode="numeric"
          value={form.account_number}
          onChange={set("account_number")}
          error={fields.account_number}
          required
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? "Saving..." : "Submit"}
          </button>
          <a className="button button-ghost" href="/business/pay">
            Cancel
          </a>
        </div>
      </form>
    </Page>
  );
}
