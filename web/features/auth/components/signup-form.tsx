import { useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { MIN_PASSWORD_LENGTH, SignupBody, ValidateOtpBody } from "../../../../schema/payloads/accounts";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { looksLikeEmail, looksLikeUsPhone, validate } from "../../../lib/validate";
import { notify } from "../../../stores/alert-store";
import { settingsStore, updateSettings } from "../../../stores/settings-store";
import { openAuthModal } from "../../../stores/ui-store";
import { signup } from "../api/signup";
import { validateOtp } from "../api/validate-otp";
import { useCountdown } from "../hooks/use-countdown";
import { useSignedIn } from "../hooks/use-signed-in";
import { useBotCheck } from "./bot-check";
import { CodeInput } from "./code-input";
import { formatPhone } from "../../../lib/format";
import { asyncHandler } from "../../../lib/async-handler";

const RESEND_WAIT_MS = 30_000;

/** Signup (docs/product.md section 7): details, then the 6 digit code sent by SMS (POST /accounts, POST /validateOtp). */
export function SignupForm() {
  const storedReferral = settingsStore.use((s) => s.referralCode ?? "");
  const [form, setForm] = useState({ name: "", phone: "", email: "", password: "", referral_code: storedReferral });
  const [step, setStep] = useState<"details" | "code">("details");
  const [sentTo, setSentTo] = useState("");
  const [code, setCode] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const signedIn = useSignedIn();
  const bot = useBotCheck();

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const send = async (): Promise<boolean> => {
    setError(null);
    const body = { ...form, referral_code: form.referral_code.trim() || undefined };
    const checked = validate(SignupBody, body);
    const local: Record<string, string> = checked.ok ? {} : { ...checked.fields };
    if (!looksLikeUsPhone(form.phone)) local.phone = catalogue.PHONE_NOT_VALID.text;
    if (!looksLikeEmail(form.email)) local.email = catalogue.INVALID_EMAIL_ADDRESS.text;
    if (form.password.length < MIN_PASSWORD_LENGTH) local.password = catalogue.PASSWORD_TOO_WEAK.text;
    setFields(local);
    if (!checked.ok || Object.keys(local).length > 0) return false;
    const token = bot.take();
    if (!token) {
      setError(bot.missingMessage);
      return false;
    }
    setBusy(true);
    try {
      const sent = await signup({ ...checked.value, token });
      setSentTo(sent.phone);
      setResendAt(Date.now() + RESEND_WAIT_MS);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError) {
        if (err.fields) setFields(err.fields);
        if (err.code === "FAIL_TOO_SOON_SINCE_LAST") setResendAt(Date.now() + RESEND_WAIT_MS);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitDetails = async (e: FormEvent) => {
    e.preventDefault();
    if (await send()) {
      setStep("code");
      setCode("");
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = validate(ValidateOtpBody, { phone: sentTo, code });
    if (!checked.ok) {
      setFields({ code: checked.fields.code ?? "The code has 6 digits." });
      return;
    }
    setFields({});
    setBusy(true);
    try {
      const profile = await validateOtp(checked.value);
      updateSettings({ referralCode: undefined });
      signedIn(profile, "SIGNUP_SUCCESS");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (wait > 0) return;
    if (await send()) notify("success", catalogue.CODE_SENT.text);
  };

  if (step === "code") {
    return (
      <form className="form" onSubmit={asyncHandler(submitCode)} noValidate>
        <p className="form-lead">
          We texted a 6-digit code to <strong>{formatPhone(sentTo || form.phone)}</strong>. Enter it below to finish
          creating your account.
        </p>
        <FormError message={error} />
        <CodeInput value={code} onChange={setCode} error={fields.code} />
        {bot.widget}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Checking…" : "Verify and create account"}
        </button>
        <div className="form-split">
          <button type="button" className="link-button" onClick={() => setStep("details")}>
            Change details
          </button>
          <button
            type="button"
            className="link-button"
            onClick={asyncHandler(resend)}
            disabled={wait > 0 || busy}
            aria-live="polite"
          >
            {wait > 0 ? `Resend code in ${wait}s` : "Resend code"}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={asyncHandler(submitDetails)} noValidate>
      <FormError message={error} />
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        value={form.name}
        onChange={set("name")}
        error={fields.name}
        required
      />
      <Field
        label="Mobile phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        hint="We'll text a code to confirm it's you."
        value={form.phone}
        onChange={set("phone")}
        error={fields.phone}
        required
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set("email")}
        error={fields.email}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={form.password}
        onChange={set("password")}
        error={fields.password}
        required
      />
      <Field
        label="Referral code"
        optionalMark
        name="referral_code"
        autoComplete="off"
        value={form.referral_code}
        onChange={set("referral_code")}
        error={fields.referral_code}
      />
      {bot.widget}
      <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="signup-submit">
        {busy ? "Sending code…" : "Create Account"}
      </button>
      <p className="form-fine">
        By creating an account you agree to our <a href="/termsandconditions">Terms</a> and{" "}
        <a href="/privacypolicy">Privacy Policy</a>. Message and data rates may apply.
      </p>
      <p className="form-foot">
        Already have an account?{" "}
        <button type="button" className="link-button" onClick={() => openAuthModal("login")}>
          Log in
        </button>
      </p>
    </form>
  );
}
