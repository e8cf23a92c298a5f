import { useEffect, useState, type FormEvent } from "react";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { confirmEmailCode, getEmailState, sendEmailCode, type EmailState } from "../api/email-verification";
import { asyncHandler } from "../../../lib/async-handler";

type Phase =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; state: EmailState; sentTo: string | null };

/**
 * Settings card that shows whether the account's email is confirmed and confirms it with a six-digit code
 * (docs/decisions/056): "Send confirmation code" mails the code, the code field confirms it. Keyed by the
 * email by its parent, so changing the address starts over (the server clears the confirmation).
 */
export function EmailVerificationCard({ email }: { email: string | null }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"send" | "confirm" | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    setPhase({ kind: "loading" });
    getEmailState(ctrl.signal)
      .then((state) => setPhase({ kind: "ready", state, sentTo: null }))
      .catch((err) => {
        if (!ctrl.signal.aborted) setPhase({ kind: "error", message: errorMessage(err) });
      });
    return () => ctrl.abort();
  }, [email, attempt]);

  const send = async () => {
    if (phase.kind !== "ready") return;
    setBusy("send");
    setError(null);
    try {
      const sent = await sendEmailCode();
      setPhase({ ...phase, sentTo: sent.email });
      setCode("");
      setCodeError(null);
      notify("success", `We sent a code to ${sent.email}.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.kind !== "ready") return;
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) return setCodeError("Enter the 6-digit code from the email.");
    setBusy("confirm");
    setError(null);
    setCodeError(null);
    try {
      const state = await confirmEmailCode(trimmed);
      setPhase({ kind: "ready", state, sentTo: null });
      notify("success", "Your email is confirmed.");
    } catch (err) {
      if (err instanceof ApiError && err.fields?.code) setCodeError(err.fields.code);
      else if (err instanceof ApiError && (err.code === "OPT_INCORRECT" || err.code === "OPT_HAS_EXPIRED"))
        setCodeError(err.message);
      else setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="email-verify-title" aria-busy={phase.kind === "loading" || undefined}>
      <h2 className="card-title" id="email-verify-title">
        Email confirmation
      </h2>
      {phase.kind === "loading" && (
        <p className="muted" role="status">
          Checking your email…
        </p>
      )}
      {phase.kind === "error" && (
        <div role="alert">
          <p className="muted">We couldn't check your email: {phase.message}</p>
          <button
            type="button"
            className="button button-secondary button-sm"
            style={{ marginTop: 12 }}
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      )}
      {phase.kind === "ready" && !phase.state.email && (
        <p className="muted">Add an email address above to confirm it.</p>
      )}
      {phase.kind === "ready" && phase.state.email && phase.state.email_verified && (
        <p>
          <span className="status-pill is-delivered">Confirmed</span> <strong>{phase.state.email}</strong> is confirmed.
          You can use it to sign in with Google.
        </p>
      )}
      {phase.kind === "ready" && phase.state.email && !phase.state.email_verified && (
        <>
          <p>
            <span className="status-pill">Not confirmed</span> <strong>{phase.state.email}</strong> is not confirmed
            yet. Confirm it so we can reach you by email and so you can sign in with Google.
          </p>
          <FormError message={error} />
          {phase.sentTo ? (
            <form className="form" onSubmit={asyncHandler(confirm)} noValidate style={{ marginTop: 12 }}>
              <p className="muted" role="status">
                We emailed a 6-digit code to {phase.sentTo}. It works for 10 minutes.
              </p>
              <div className="form-grid">
                <Field
                  label="Confirmation code"
                  name="email-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
                  error={codeError}
                  required
                />
              </div>
              <div className="form-actions">
                <button type="submit" className="button button-primary" disabled={busy !== null}>
                  {busy === "confirm" ? "Confirming…" : "Confirm email"}
                </button>
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => void send()}
                  disabled={busy !== null}
                >
                  {busy === "send" ? "Sending…" : "Send a new code"}
                </button>
              </div>
            </form>
          ) : (
            <div className="form-actions" style={{ marginTop: 12 }}>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void send()}
                disabled={busy !== null}
              >
                {busy === "send" ? "Sending…" : "Send confirmation code"}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
