import { useEffect, useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { ProfileUpdateBody, type Profile } from "../../../../schema/payloads/accounts";
import { telHref } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { Field, FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatPhone } from "../../../lib/format";
import { looksLikeEmail, validate } from "../../../lib/validate";
import { notify } from "../../../stores/alert-store";
import { useShell } from "../../../stores/shell-context";
import { getProfile } from "../api/get-profile";
import { EmailVerificationCard } from "./email-verification";
import { updateProfile } from "../api/update-profile";
import { uploadProfilePicture } from "../api/upload-profile-picture";
import { PhotoPicker } from "../../../components/ui/photo-picker";
import { asyncHandler } from "../../../lib/async-handler";
import { FavouritePros } from "../../../components/visit/favourite-pros";

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; profile: Profile };

/** My Account (docs/product.md section 7 profile calls): photo, name, email, address and ZIP; the phone is read-only. */
export function ProfileSettings() {
  const { viewer, setViewer } = useShell();
  const [load, setLoad] = useState<Load>(viewer ? { state: "ready", profile: viewer } : { state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    getProfile(ctrl.signal)
      .then((profile) => {
        setLoad({ state: "ready", profile });
        setViewer(profile);
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        // Keep showing what the shell knew; only fail the page when there is nothing to show.
        setLoad((prev) => (prev.state === "ready" ? prev : { state: "error", message: errorMessage(err) }));
      });
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetch again on each attempt only
  }, [attempt]);

  return (
    <Page
      title="My Account"
      intro="Your details help your professional find you and let us reach you about your bookings."
      width="wide"
    >
      {load.state === "loading" && <ProfileSkeleton />}
      {load.state === "error" && (
        <div className="card" role="alert">
          <h2 className="card-title">We couldn't load your profile</h2>
          <p className="muted">{load.message}</p>
          <button
            type="button"
            className="button button-secondary"
            style={{ marginTop: 16 }}
            onClick={() => setAttempt((n) => n + 1)}
          >
            Try again
          </button>
        </div>
      )}
      {load.state === "ready" && (
        <ProfileForms
          profile={load.profile}
          onSaved={(p) => {
            setLoad({ state: "ready", profile: p });
            setViewer(p);
          }}
        />
      )}
      <div className="card">
        <FavouritePros title="Favourite pros" />
      </div>
    </Page>
  );
}

function ProfileSkeleton() {
  return (
    <div className="card" aria-busy="true" aria-label="Loading your profile">
      <div className="photo-row">
        <div className="skeleton" style={{ width: 96, height: 96, borderRadius: "50%" }} />
        <div className="skeleton" style={{ width: 180, height: 18 }} />
      </div>
      <div className="form-grid" style={{ marginTop: 28 }}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="skeleton" style={{ height: 46 }} />
        ))}
      </div>
    </div>
  );
}

function ProfileForms({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  return (
    <>
      <PhotoCard profile={profile} onSaved={onSaved} />
      <DetailsCard profile={profile} onSaved={onSaved} />
      <EmailVerificationCard key={profile.email ?? ""} email={profile.email ?? null} />
      {profile.referral_code && <ReferralCard code={profile.referral_code} />}
    </>
  );
}

function PhotoCard({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  return (
    <section className="card" aria-labelledby="photo-title">
      <h2 className="card-title" id="photo-title">
        Profile photo
      </h2>
      <PhotoPicker
        id="photo"
        photo={profile.photo}
        alt={`${profile.name}'s profile photo`}
        buttonLabel="Change photo"
        hint="A clear photo of your face helps your professional recognise you. JPG, PNG or WebP, up to 5 MB."
        savedText="Your new photo is saved."
        upload={async (file) => onSaved(await uploadProfilePicture(file))}
      />
    </section>
  );
}

function DetailsCard({ profile, onSaved }: { profile: Profile; onSaved(p: Profile): void }) {
  const { supportPhone } = useShell();
  const initial = {
    name: profile.name ?? "",
    email: profile.email ?? "",
    address: profile.address ?? "",
    zipcode: profile.zipcode ?? "",
  };
  const [form, setForm] = useState(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const dirty = (Object.keys(initial) as Array<keyof typeof initial>).some((k) => form[k] !== initial[k]);

  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    if (status === "saved") setStatus("idle");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      name: form.name,
      email: form.email,
      address: form.address.trim() ? form.address : null,
      zipcode: form.zipcode.trim() ? form.zipcode : null,
    };
    const checked = validate(ProfileUpdateBody, body);
    const local: Record<string, string> = checked.ok ? {} : { ...checked.fields };
    if (!looksLikeEmail(form.email)) local.email = catalogue.INVALID_EMAIL_ADDRESS.text;
    setFields(local);
    if (!checked.ok || Object.keys(local).length > 0) return;
    setStatus("saving");
    try {
      const updated = await updateProfile(checked.value);
      onSaved(updated);
      setStatus("saved");
      notify("success", catalogue.SAVED.text);
    } catch (err) {
      setStatus("idle");
      setError(errorMessage(err));
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    }
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 className="card-title" id="details-title">
        Personal details
      </h2>
      <form className="form" onSubmit={asyncHandler(submit)} noValidate style={{ marginTop: 16 }}>
        <FormError message={error} />
        <div className="form-grid">
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
            label="Mobile phone"
            name="phone"
            type="tel"
            value={formatPhone(profile.phone ?? "")}
            readOnly
            hint={
              <>
                To change your phone number, please contact support at{" "}
                <a href={telHref(supportPhone)}>{supportPhone}</a>.
              </>
            }
          />
          <Field
            label="ZIP code"
            name="zipcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={form.zipcode}
            onChange={set("zipcode")}
            error={fields.zipcode}
          />
          <Field
            className="span-2"
            label="Home address"
            name="address"
            autoComplete="street-address"
            placeholder="Street, apartment, city, state"
            hint="Used to pre-fill your service address at checkout."
            value={form.address}
            onChange={set("address")}
            error={fields.address}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={status === "saving" || !dirty}>
            {status === "saving" ? "Saving…" : "Save changes"}
          </button>
          <span className={`save-state${status === "saved" ? " is-saved" : ""}`} role="status">
            {status === "saved" ? "All changes saved." : dirty ? "You have unsaved changes." : ""}
          </span>
        </div>
      </form>
    </section>
  );
}

function ReferralCard({ code }: { code: string }) {
  const copy = async () => {
    const link = `${window.location.origin}/?referral=${encodeURIComponent(code)}`;
    try {
      await navigator.clipboard.writeText(link);
      notify("success", "Your referral link was copied.");
    } catch {
      notify("info", `Your referral link: ${link}`);
    }
  };
  return (
    <section className="card" aria-labelledby="referral-title">
      <h2 className="card-title" id="referral-title">
        Invite friends
      </h2>
      <p className="muted">
        Your referral code is <strong style={{ color: "var(--ink)" }}>{code}</strong>. Friends who sign up with it get
        credit on their first booking, and so do you once they've had it.
      </p>
      <button
        type="button"
        className="button button-secondary button-sm"
        style={{ marginTop: 14 }}
        onClick={() => void copy()}
      >
        Copy referral link
      </button>
    </section>
  );
}
