import { useEffect, useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { accountStateNotice, vendorMay } from "../../../../domain/vendors/account-policy";
import type { SocialNetwork } from "../../../../domain/vendors/social";
import type { ProProfile } from "../../../../schema/payloads/vendor-onboarding";
import { Page } from "../../../components/layout/page";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import {
  getProProfile,
  getSocial,
  requestReactivation,
  saveDescription,
  saveSocial,
  setAccountStatus,
  signAgreement,
} from "../api/pro";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { ProPhotoCard } from "./pro-photo-card";
import { asyncHandler } from "../../../lib/async-handler";

/** /business/profile: the agreement, the photo and description clients see, and pausing the account. */
export function BusinessProfile() {
  const profile = useRequest("pro:profile", getProProfile);
  const p = profile.data;
  return (
    <Page width="wide" eyebrow="Your business" title="Profile">
      {profile.loading && !p ? (
        <p className="muted" role="status">
          Loading your profile…
        </p>
      ) : profile.error ? (
        <FormError message={errorMessage(profile.error)} />
      ) : p ? (
        <div className="card-stack">
          <AgreementCard profile={p} onSigned={() => profile.reload()} />
          <ProPhotoCard profile={p} onSaved={() => profile.reload()} />
          <DescriptionCard initial={p.description} />
          <SocialCard />
          <StatusCard profile={p} onChange={() => profile.reload()} />
        </div>
      ) : null}
    </Page>
  );
}

function AgreementCard({ profile, onSigned }: { profile: ProProfile; onSigned(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sign = async () => {
    setBusy(true);
    setError(null);
    try {
      await signAgreement(profile.current_agreement_version);
      notify("success", "Thank you. Your agreement is signed.");
      onSigned();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" id="agreement" aria-labelledby="agreement-title">
      <h2 className="card-title" id="agreement-title">
        Professional agreement
      </h2>
      <FormError message={error} />
      <p data-testid="agreement-state">
        {profile.agreement
          ? `Signed (version ${profile.agreement_version}).`
          : `Please read and sign version ${profile.current_agreement_version} before you take jobs.`}
      </p>
      <div className="form-actions">
        <a className="button button-secondary" href="/api/vendor/me/download-agreement" download>
          Download agreement (PDF)
        </a>
        {!profile.agreement && (
          <button type="button" className="button button-primary" onClick={asyncHandler(sign)} disabled={busy}>
            {busy ? "Signing…" : "I have read it: sign the agreement"}
          </button>
        )}
      </div>
    </section>
  );
}

function DescriptionCard({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(initial);
    setSaved(initial);
  }, [initial]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await saveDescription(text);
      setSaved(res.description);
      setText(res.description);
      notify("success", catalogue.SAVED.text);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="description-title">
      <h2 className="card-title" id="description-title">
        About you
      </h2>
      <form className="form" onSubmit={asyncHandler(submit)}>
        <FormError message={error} />
        <div className="field">
          <label className="field-label" htmlFor="pro-description">
            Description clients see on your page
          </label>
          <textarea
            id="pro-description"
            className="textarea"
            rows={5}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <p className="field-hint">{1000 - text.length} characters left.</p>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy || text === saved}>
            {busy ? "Saving…" : "Save description"}
          </button>
          <span className="save-state" role="status">
            {text !== saved ? "You have unsaved changes." : ""}
          </span>
        </div>
      </form>
    </section>
  );
}

/**
 * The account's state in the words of the dashboard (domain/vendors/account-policy.ts): a pro pauses and
 * resumes their own account; one staff deactivated asks to be reactivated; a closed one only reads.
 */
function StatusCard({ profile, onChange }: { profile: ProProfile; onChange(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = profile.account_state;
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      notify("success", done);
      onChange();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const toggle = () => {
    const next = profile.status === "active" ? "deactivated" : "active";
    if (
      next === "deactivated" &&
      !window.confirm("Pause your account? You'll get no new job offers and won't appear in search.")
    )
      return;
    void run(
      () => setAccountStatus(next),
      next === "active" ? "Your account is active again." : "Your account is paused.",
    );
  };
  const askBack = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const note = String(new FormData(e.currentTarget).get("note") ?? "");
    void run(() => requestReactivation(note), catalogue.VENDOR_REACTIVATION_REQUESTED.text);
  };
  const label: Record<ProProfile["account_state"], string> = {
    active: "Active",
    paused: "Paused",
    soft_banned: "On hold",
    deactivated: "Deactivated",
    terminated: "Closed",
    pending: "Under review",
  };
  return (
    <section className="card" aria-labelledby="status-title" data-testid="account-status">
      <h2 className="card-title" id="status-title">
        Account status
      </h2>
      <FormError message={error} />
      <p>
        <span className="status-pill">{label[state]}</span>{" "}
        {accountStateNotice(state) ?? "You receive job offers and appear in search."}
      </p>
      {vendorMay(state, "own_status") && (
        <button type="button" className="button button-secondary" onClick={toggle} disabled={busy}>
          {profile.status === "active" ? "Pause my account" : "Resume my account"}
        </button>
      )}
      {vendorMay(state, "request_reactivation") &&
        (profile.reactivation_requested_at !== null ? (
          <p className="muted" role="status">
            {catalogue.VENDOR_REACTIVATION_PENDING.text}
          </p>
        ) : (
          <form onSubmit={askBack}>
            <div className="field">
              <label htmlFor="reactivation-note" className="field-label">
                Anything our team should know <span className="field-optional">(optional)</span>
              </label>
              <textarea id="reactivation-note" name="note" className="textarea" maxLength={500} rows={3} />
            </div>
            <button type="submit" className="button button-secondary" disabled={busy}>
              Ask to reactivate my account
            </button>
          </form>
        ))}
    </section>
  );
}

const NETWORK_LABELS: Array<[SocialNetwork, string]> = [
  ["instagram", "Instagram"],
  ["facebook", "Facebook"],
  ["tiktok", "TikTok"],
  ["youtube", "YouTube"],
  ["website", "Website"],
];

function SocialCard() {
  const social = useRequest("pro:social", getSocial);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const json = Object.fromEntries(NETWORK_LABELS.map(([n]) => [n, String(data.get(n) ?? "")]));
    setBusy(true);
    setError(null);
    setFields({});
    try {
      social.setData(await saveSocial(json));
      notify("success", catalogue.SAVED.text);
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="social-title">
      <h2 className="card-title" id="social-title">
        Social links
      </h2>
      {social.loading && !social.data ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <form
          className="form"
          onSubmit={asyncHandler(submit)}
          noValidate
          key={JSON.stringify(social.data?.links ?? {})}
        >
          <FormError message={error ?? (social.error ? errorMessage(social.error) : null)} />
          <div className="form-grid">
            {NETWORK_LABELS.map(([n, label]) => (
              <Field
                key={n}
                label={label}
                name={n}
                type="url"
                inputMode="url"
                placeholder="https://"
                optionalMark
                defaultValue={social.data?.links[n] ?? ""}
                error={fields[n]}
              />
            ))}
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? "Saving…" : "Save links"}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
