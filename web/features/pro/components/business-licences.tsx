import { useState, type FormEvent } from "react";
import { Page } from "../../../components/layout/page";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { getLicences, removeLicence, uploadLicence, type ProLicense } from "../api/pro";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { asyncHandler } from "../../../lib/async-handler";

const STATUS: Record<string, string> = { pending: "In review", approved: "Approved", rejected: "Rejected" };

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** /business/licences: the licences the pro's services need, with renewal and removal. */
export function BusinessLicences() {
  const list = useRequest("pro:licences", getLicences);
  return (
    <Page width="wide" eyebrow="Your business" title="Licences">
      {list.loading && !list.data ? (
        <p className="muted" role="status">
          Loading your licences…
        </p>
      ) : list.error ? (
        <FormError message={errorMessage(list.error)} />
      ) : (list.data?.licenses ?? []).length === 0 ? (
        <p>None of your services needs a licence.</p>
      ) : (
        <div className="card-stack">
          {list.data!.licenses.map((l) => (
            <LicenceCard key={l.service_code} licence={l} onChange={(licenses) => list.setData({ licenses })} />
          ))}
        </div>
      )}
    </Page>
  );
}

function LicenceCard({ licence, onChange }: { licence: ProLicense; onChange(l: ProLicense[]): void }) {
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = `lic-${licence.service_code}`;
  const upload = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    form.set("service_code", licence.service_code);
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const res = await uploadLicence(form);
      onChange(res.licenses);
      notify("success", "Licence uploaded. We'll review it shortly.");
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(`Remove your ${licence.name} licence? Its services will be switched off.`)) return;
    setBusy(true);
    setError(null);
    try {
      const res = await removeLicence(licence.service_code);
      onChange(res.licenses);
      notify("success", "Licence removed.");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 className="card-title" id={`${id}-title`}>
        {licence.name}
      </h2>
      <FormError message={error} />
      {licence.license ? (
        <p>
          <span className="status-pill">{STATUS[licence.license.status]}</span> Expires{" "}
          {day(licence.license.expires_at)}.{" "}
          {licence.valid
            ? "Your services in this group can be offered."
            : licence.license.status === "pending"
              ? "We are reviewing it; your services in this group can be switched on once we approve it."
              : "Your services in this group are off until you upload a valid licence."}
          {licence.renewal &&
            ` Your renewal (valid until ${day(licence.renewal.expires_at)}) is in review; your current licence keeps your services on meanwhile.`}
          {licence.license.review_note && <span className="field-error"> Our note: {licence.license.review_note}</span>}
        </p>
      ) : (
        <p>No licence on file. Upload one to offer these services.</p>
      )}
      <form className="form" onSubmit={asyncHandler(upload)} noValidate>
        <div className="form-grid">
          <Field label="Expiry date" name="expires" type="date" error={fields.expires} required />
          <Field
            label={licence.license ? "New picture of your licence" : "Picture of your licence"}
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            hint="JPG, PNG, WebP or PDF, under 5 MB."
            error={fields.file}
            required
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {licence.license ? "Upload renewal" : "Upload licence"}
          </button>
          {licence.license && (
            <button type="button" className="button button-ghost" onClick={asyncHandler(remove)} disabled={busy}>
              Remove licence
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
