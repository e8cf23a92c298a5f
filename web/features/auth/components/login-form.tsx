import { useState, type FormEvent } from "react";
import { LoginBody } from "../../../../schema/payloads/accounts";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { validate } from "../../../lib/validate";
import { openAuthModal } from "../../../stores/ui-store";
import { login } from "../api/login";
import { useSignedIn } from "../hooks/use-signed-in";
import { asyncHandler } from "../../../lib/async-handler";

export function LoginForm() {
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const input = { phone, password };
    const checked = validate(LoginBody, input);
    const local: Record<string, string> = checked.ok ? {} : { ...checked.fields };
    if (!phone.trim()) local.phone = "Please enter your phone number or email.";
    setFields(local);
    if (!checked.ok || Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      signedIn(await login(checked.value), "LOGIN_SUCCESS");
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={asyncHandler(submit)} noValidate>
      <FormError message={error} />
      <Field
        label="Phone number or email"
        name="phone"
        autoComplete="username"
        inputMode="email"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={fields.phone}
        required
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fields.password}
        required
      />
      <div className="form-row-end">
        <button type="button" className="link-button" onClick={() => openAuthModal("forgot")}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={busy} data-testid="login-submit">
        {busy ? "Logging in…" : "Log In"}
      </button>
      <p className="form-foot">
        New to Glow At Home?{" "}
        <button type="button" className="link-button" onClick={() => openAuthModal("signup")}>
          Create account
        </button>
      </p>
    </form>
  );
}
