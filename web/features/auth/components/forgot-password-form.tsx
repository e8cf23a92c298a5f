import { useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { MIN_PASSWORD_LENGTH, ResetPasswordBody, VerifyOwnerBody } from "../../../../schema/payloads/accounts";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { looksLikeUsPhone, validate } from "../../../lib/validate";
import { notify } from "../../../stores/alert-store";
import { openAuthModal } from "../../../stores/ui-store";
import { resetPassword } from "../api/reset-password";
import { verifyOwner } from "../api/verify-owner";
import { useCountdown } from "../hooks/use-countdown";
import { useSignedIn } from "../hooks/use-signed-in";
import { useBotCheck } from "./bot-check";
import { CodeInput } from "./code-input";
import { formatPhone } from "../../../lib/format";
import { asyncHandler } from "../../../lib/async-handler";

const RESEND_WAIT_MS = 30_000;

/** Forgot password: phone, then the texted code and a new password (signs in on success). */
export function ForgotPasswordForm() {
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [step, setStep] = useState<"phone" | "reset">("phone");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const signedIn = useSignedIn();
  const bot = useBotCheck();

  const send = async (): Promise<boolean> => {
    setError(null);
    const checked = validate(VerifyOwnerBody, { phone });
    if (!checked.ok || !looksLikeUsPhone(phone)) {
      setFields({ phone: catalogue.PHONE_NOT_VALID.text });
      return false;
    }
    setFields({});
    const token = bot.take();
    if (!token) {
      setError(bot.missingMessage);
      return false;
    }
    setBusy(true);
    try {
      const sent = await verifyOwner({ ...checked.value, token });
      setSentTo(sent.phone);
      setResendAt(Date.now() + RESEND_WAIT_MS);
      return true;
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.code === "FAIL_TOO_SOON_SINCE_LAST") setResendAt(Date.now() + RESEND_WAIT_MS);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitPhone = async (e: FormEvent) => {
    e.preventDefault();
    if (await send()) setStep("reset");
  };

  const submitReset = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = validate(ResetPasswordBody, { phone: sentTo || phone, code, password });
    const local: Record<string, string> = checked.ok ? {} : { ...checked.fields };
    if (password.length < MIN_PASSWORD_LENGTH) local.password = catalogue.PASSWORD_TOO_WEAK.text;
    setFields(local);
    if (!checked.ok || Object.keys(local).length > 0) return;
    const token = bot.take();
    if (!token) {
      setError(bot.missingMessage);
      return;
    }
    setBusy(true);
    try {
      signedIn(await resetPassword({ ...checked.value, token }), "PASSWORD_RESET");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (step === "reset") {
    return (
      <form className="form" onSubmit={asyncHandler(submitReset)} noValidate>
        <p className="form-lead">
          If <strong>{formatPhone(sentTo || phone)}</strong> belongs to an account, we just texted it a 6-digit code.
          Enter it with your new password.
        </p>
        <FormError message={error} />
        <CodeInput value={code} onChange={setCode} error={fields.code} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
          required
        />
        {bot.widget}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? "Saving…" : "Set new password"}
        </button>
        <div className="form-split">
          <button type="button" className="link-button" onClick={() => setStep("phone")}>
            Use another number
          </button>
          <button
            type="button"
            className="link-button"
            disabled={wait > 0 || busy}
            onClick={asyncHandler(async () => {
              if (await send()) notify("success", catalogue.CODE_SENT.text);
            })}
          >
            {wait > 0 ? `Resend code in ${wait}s` : "Resend code"}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={asyncHandler(submitPhone)} noValidate>
      <p className="form-lead">
        Enter the mobile number on your account and we'll text you a code to reset your password.
      </p>
      <FormError message={error} />
      <Field
        label="Mobile phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={fields.phone}
        required
      />
      {bot.widget}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? "Sending…" : "Send code"}
      </button>
      <p className="form-foot">
        Remembered it?{" "}
        <button type="button" className="link-button" onClick={() => openAuthModal("login")}>
          Back to log in
        </button>
      </p>
    </form>
  );
}
