import { useEffect, useId, useState } from "react";
import { Field, FormError } from "../../../components/ui/field";
import { asyncHandler } from "../../../lib/async-handler";
import { ApiError, errorMessage } from "../../../lib/api-client";
import type { ConnectService } from "../../admin/api/staff";
import { getConnectServices, sendConnectRequest } from "../api/connect";

/** /connect: the business request form (POST /api/connect/requests). */
export function ConnectRequestForm() {
  const [services, setServices] = useState<ConnectService[] | null>(null);
  const [form, setForm] = useState({
    business_name: "",
    contact_name: "",
    phone: "",
    email: "",
    address: "",
    zipcode: "",
    date: "",
    time: "10:00",
    people: "10",
    service_id: "",
    notes: "",
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const serviceId = useId();
  const notesId = useId();

  useEffect(() => {
    const ctrl = new AbortController();
    getConnectServices(ctrl.signal)
      .then((list) => {
        setServices(list);
        if (list[0]) setForm((f) => ({ ...f, service_id: f.service_id || String(list[0]!.service_id) }));
      })
      .catch((err) => !ctrl.signal.aborted && setError(errorMessage(err)));
    return () => ctrl.abort();
  }, []);

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  if (sent) {
    return (
      <div className="callout" role="status" data-testid="connect-request-sent">
        <div>
          <h2>Request received</h2>
          <p>{sent}</p>
        </div>
      </div>
    );
  }
  return (
    <form
      className="form card"
      aria-labelledby="connect-form-title"
      onSubmit={asyncHandler(async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        setFields({});
        try {
          await sendConnectRequest({
            ...form,
            people: Number(form.people),
            service_id: Number(form.service_id),
            notes: form.notes || undefined,
          });
          setSent("Thank you! Our business team will contact you to confirm the details.");
        } catch (err) {
          setError(errorMessage(err));
          if (err instanceof ApiError && err.fields) setFields(err.fields);
        } finally {
          setBusy(false);
        }
      })}
    >
      <h2 id="connect-form-title" className="card-title">
        Request services for your business
      </h2>
      <div className="form-grid">
        <Field
          label="Business name"
          required
          value={form.business_name}
          onChange={set("business_name")}
          error={fields.business_name}
        />
        <Field
          label="Your name"
          required
          value={form.contact_name}
          onChange={set("contact_name")}
          error={fields.contact_name}
        />
        <Field label="Phone" type="tel" required value={form.phone} onChange={set("phone")} error={fields.phone} />
        <Field label="Email" type="email" required value={form.email} onChange={set("email")} error={fields.email} />
        <Field label="Street address" required value={form.address} onChange={set("address")} error={fields.address} />
        <Field
          label="ZIP code"
          inputMode="numeric"
          required
          value={form.zipcode}
          onChange={set("zipcode")}
          error={fields.zipcode}
        />
        <Field label="Date" type="date" required value={form.date} onChange={set("date")} error={fields.date} />
        <Field
          label="Start time"
          type="time"
          required
          step={1800}
          value={form.time}
          onChange={set("time")}
          error={fields.time}
        />
        <Field
          label="Number of people"
          type="number"
          min={2}
          max={200}
          required
          value={form.people}
          onChange={set("people")}
          error={fields.people}
        />
        <div className="field">
          <label htmlFor={serviceId} className="field-label">
            Service
          </label>
          <select
            id={serviceId}
            className="input select"
            required
            value={form.service_id}
            onChange={set("service_id")}
            disabled={!services}
          >
            {(services ?? []).map((s) => (
              <option key={s.service_id} value={s.service_id}>
                {s.description} ({s.duration_minutes} min)
              </option>
            ))}
          </select>
          {fields.service_id && <p className="field-error">{fields.service_id}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor={notesId} className="field-label">
          Anything we should know <span className="field-optional">(optional)</span>
        </label>
        <textarea id={notesId} className="input" rows={3} maxLength={1000} value={form.notes} onChange={set("notes")} />
      </div>
      <FormError message={error} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || !services || services.length === 0}>
          {busy ? "Sending…" : "Send request"}
        </button>
      </div>
    </form>
  );
}
