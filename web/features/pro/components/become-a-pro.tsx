import { useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { MAX_RANGE_MILES, MIN_RANGE_MILES } from "../../../../domain/vendors/service-range";
import type { ApplicationState, ApplyGroup } from "../../../../schema/payloads/vendor-onboarding";
import { EmptyState, Page } from "../../../components/layout/page";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { applyToBePro, getApplication, getApplyOptions } from "../api/pro";
import { useRequest } from "../../../lib/use-request";
import { useShell } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";
import { shrinkPictureField } from "../../../lib/shrink-picture";
import { asyncHandler } from "../../../lib/async-handler";

const STATE_TEXT: Record<ApplicationState["state"], { title: string; text: string }> = {
  in_review: {
    title: "Your application is in review",
    text: "Thanks for applying. Our team checks every application by hand; we'll text you as soon as there is news.",
  },
  approved: {
    title: "You're approved",
    text: "Welcome aboard. Open your business area to sign the agreement, switch on your services and set your area.",
  },
  rejected: {
    title: "We can't offer you a place",
    text: "We reviewed your application and can't accept it. This decision is final.",
  },
  closed_can_reapply: {
    title: "Your last application was closed",
    text: "We couldn't complete the review of your last application. You're welcome to apply again below.",
  },
};

/** /become-a-pro: why to join, then the application (signed in) or its state. */
export function BecomeAPro() {
  const { viewer, ready } = useShell();
  const groups = useRequest("pro:groups", getApplyOptions);
  const mine = useRequest(viewer ? `pro:application:${viewer.user_id}` : null, getApplication);
  const application = mine.data?.application ?? null;

  return (
    <Page
      eyebrow="For professionals"
      title="Become a pro"
      intro={
        <p>
          Set your own hours, choose the jobs you take, and get paid for every visit. Tell us about your work; we review
          every application by hand.
        </p>
      }
    >
      {!ready || (viewer && mine.loading) ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : !viewer ? (
        <EmptyState
          title="Start with an account"
          steps={[
            { label: "Create Account", onClick: () => openAuthModal("signup"), primary: true },
            { label: "Log In", onClick: () => openAuthModal("login") },
          ]}
        >
          <p>Your account becomes your business login once you're approved. Create one or log in to apply.</p>
        </EmptyState>
      ) : viewer.vendor_id ? (
        <EmptyState
          title="You're already a pro"
          steps={[{ label: "Open business area", href: "/business", primary: true }]}
        >
          <p>Manage your services, area and profile from your business area.</p>
        </EmptyState>
      ) : mine.error ? (
        <FormError message={errorMessage(mine.error)} />
      ) : application && application.state !== "closed_can_reapply" ? (
        <section className="card" aria-live="polite" data-testid="application-state">
          <h2 className="card-title">{STATE_TEXT[application.state].title}</h2>
          <p>{STATE_TEXT[application.state].text}</p>
          {application.state === "approved" && (
            <p>
              <a className="button button-primary" href="/business/profile">
                Open business area
              </a>
            </p>
          )}
        </section>
      ) : (
        <>
          {application && <p className="callout">{STATE_TEXT.closed_can_reapply.text}</p>}
          <ApplicationForm
            groups={groups.data?.groups ?? []}
            groupsError={groups.error ? errorMessage(groups.error) : null}
            defaults={{ name: viewer.name, phone: viewer.phone ?? "", email: viewer.email ?? "" }}
            onDone={() => mine.reload()}
          />
        </>
      )}
    </Page>
  );
}

function ApplicationForm({
  groups,
  groupsError,
  defaults,
  onDone,
}: {
  groups: ApplyGroup[];
  groupsError: string | null;
  defaults: { name: string; phone: string; email: string };
  onDone(): void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const licensedChosen = groups.filter((g) => g.license_required && chosen.includes(g.service_code_group_id));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    form.set("service_groups", chosen.join(","));
    form.set("agreement", form.get("agreement") ? "1" : "");
    const local: Record<string, string> = {};
    if (chosen.length === 0) local.service_groups = "Choose at least one service you offer.";
    if (!form.get("agreement")) local.agreement = "Please accept the professional agreement.";
    setFields(local);
    if (Object.keys(local).length) {
      setError(catalogue.VENDOR_APPLICATION_MISSING_FIELDS.text);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await shrinkPictureField(form, "photo");
      await applyToBePro(form);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="form card"
      onSubmit={asyncHandler(submit)}
      noValidate
      aria-label="Application"
      encType="multipart/form-data"
    >
      <FormError message={error ?? groupsError} />
      <h2 className="card-title">About you</h2>
      <div className="form-grid">
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          defaultValue={defaults.name}
          error={fields.name}
          required
        />
        <Field
          label="Mobile phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={defaults.phone}
          error={fields.phone}
          required
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={defaults.email}
          error={fields.email}
          required
        />
        <Field
          label="Years of experience"
          name="experience_years"
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          error={fields.experience_years}
          required
        />
        <Field
          label="Home ZIP code"
          name="zipcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={fields.zipcode}
          required
        />
        <Field
          label="How far you travel (miles)"
          name="radius_miles"
          type="number"
          min={MIN_RANGE_MILES}
          max={MAX_RANGE_MILES}
          defaultValue={15}
          error={fields.radius_miles}
          required
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="apply-about">
          About your work <span className="field-optional">(optional)</span>
        </label>
        <textarea id="apply-about" name="about" className="textarea" rows={4} maxLength={2000} />
      </div>

      <fieldset className="field" aria-describedby={fields.service_groups ? "apply-groups-err" : undefined}>
        <legend className="field-label">Services you offer</legend>
        {groups.map((g) => (
          <label key={g.service_code_group_id} className="toggle" style={{ marginRight: 16 }}>
            <input
              type="checkbox"
              checked={chosen.includes(g.service_code_group_id)}
              onChange={(e) =>
                setChosen((c) =>
                  e.target.checked ? [...c, g.service_code_group_id] : c.filter((id) => id !== g.service_code_group_id),
                )
              }
            />
            {g.name}
            {g.license_required ? " (licence needed)" : ""}
          </label>
        ))}
        {fields.service_groups && (
          <p id="apply-groups-err" className="field-error">
            {fields.service_groups}
          </p>
        )}
      </fieldset>

      {licensedChosen.map((g) => {
        const id = g.service_code_group_id;
        // One licence per licensed service (decision 121): each unlocks only its own group.
        return (
          <fieldset key={id} className="form-grid" data-testid={`licence-${id}`}>
            <legend className="card-title">Your {g.name} licence</legend>
            <Field
              label={`${g.name} licence number`}
              name={`license_number_${id}`}
              error={fields[`license_number_${id}`]}
              required
            />
            <Field
              label="Issuing state (2 letters)"
              name={`license_state_${id}`}
              maxLength={2}
              error={fields[`license_state_${id}`]}
              required
            />
            <Field
              label="Expiry date"
              name={`license_expires_${id}`}
              type="date"
              error={fields[`license_expires_${id}`]}
              required
            />
            <Field
              label={`Picture or PDF of your ${g.name} licence`}
              name={`license_${id}`}
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              hint="JPG, PNG, WebP or PDF, under 5 MB."
              error={fields[`license_${id}`]}
              required
            />
          </fieldset>
        );
      })}

      <h2 className="card-title">Profile photo</h2>
      <Field
        label="A clear photo of your face"
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hint="At least 200 × 200 pixels; JPG, PNG or WebP under 5 MB. Clients see it when they book."
        error={fields.photo}
        required
      />

      <label className="toggle">
        <input
          type="checkbox"
          name="agreement"
          value="1"
          aria-describedby={fields.agreement ? "apply-agree-err" : undefined}
          onChange={() => setFields(({ agreement: _, ...rest }) => rest)}
        />
        I accept the Independent Professional Agreement and the{" "}
        <a href="/termsandconditions" target="_blank" rel="noreferrer">
          terms
        </a>
      </label>
      {fields.agreement && (
        <p id="apply-agree-err" className="field-error">
          {fields.agreement}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : "Submit application"}
        </button>
      </div>
    </form>
  );
}
