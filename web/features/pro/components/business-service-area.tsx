import { useState, type FormEvent } from "react";
import { MAX_RANGE_MILES, MIN_RANGE_MILES } from "../../../../domain/vendors/service-range";
import { Page } from "../../../components/layout/page";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { getProProfile, saveServiceRange } from "../api/pro";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { asyncHandler } from "../../../lib/async-handler";

/** /business/service-area: home ZIP (or address) and how far the pro travels. */
export function BusinessServiceArea() {
  const profile = useRequest("pro:profile", getProProfile);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const p = profile.data;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const where = String(data.get("where") ?? "").trim();
    const radius = Number(data.get("radius_miles"));
    const json = /^\d{5}$/.test(where)
      ? { zipcode: where, radius_miles: radius }
      : { address: where, radius_miles: radius };
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const res = await saveServiceRange(json);
      notify(
        "success",
        `Saved. You now serve ${res.range_miles} miles around ${res.city}, ${res.state} ${res.base_zip}.`,
      );
      profile.reload();
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page width="wide" eyebrow="Your business" title="Service area">
      {profile.loading && !p ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : profile.error ? (
        <FormError message={errorMessage(profile.error)} />
      ) : p ? (
        <section className="card" aria-labelledby="area-title">
          <h2 className="card-title" id="area-title">
            Where you work
          </h2>
          <p data-testid="current-range">
            {p.base_zip ? `Now: ${p.range_miles} miles around ZIP ${p.base_zip}.` : "You haven't set an area yet."}{" "}
            Clients in this area see you in search and you're offered their jobs.
          </p>
          <form className="form" onSubmit={asyncHandler(submit)} noValidate key={`${p.base_zip}-${p.range_miles}`}>
            <FormError message={error} />
            <div className="form-grid">
              <Field
                label="Home ZIP code or address"
                name="where"
                autoComplete="postal-code"
                defaultValue={p.base_zip ?? ""}
                error={fields.zipcode ?? fields.address}
                required
              />
              <Field
                label="How far you travel (miles)"
                name="radius_miles"
                type="number"
                min={MIN_RANGE_MILES}
                max={MAX_RANGE_MILES}
                defaultValue={p.range_miles}
                hint={`Between ${MIN_RANGE_MILES} and ${MAX_RANGE_MILES} miles.`}
                error={fields.radius_miles}
                required
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? "Saving…" : "Save service area"}
              </button>
            </div>
          </form>
        </section>
      ) : null}
    </Page>
  );
}
