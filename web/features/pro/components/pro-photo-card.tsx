import { useEffect, useRef, useState } from "react";
import { catalogue } from "../../../../domain/messages";
import { DEFAULT_USER_PHOTO } from "../../../../schema/payloads/accounts";
import type { ProProfile } from "../../../../schema/payloads/vendor-onboarding";
import { FormError } from "../../../components/ui/field";
import { CameraIcon } from "../../../components/ui/icons";
import { ApiError, apiRequest, errorMessage } from "../../../lib/api-client";
import { shrinkPicture } from "../../../lib/shrink-picture";
import { notify } from "../../../stores/alert-store";

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** PUT /api/vendor/me/photo, multipart with `file`: the photo clients see (docs/decisions/132). */
function uploadProPhoto(file: File): Promise<ProProfile> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest<ProProfile>("/vendor/me/photo", { method: "PUT", form });
}

/**
 * The pro's photo as clients see it, managed in the business area (issue 21): it starts as the application's
 * photo and is replaced through the same shrink and server checks as any profile picture.
 */
export function ProPhotoCard({ profile, onSaved }: { profile: ProProfile; onSaved(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    if (!PHOTO_TYPES.includes(chosen.type)) return setError(catalogue.FILE_FORMAT_NOT_ALLOWED.text);
    const file = await shrinkPicture(chosen);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      await uploadProPhoto(file);
      notify("success", "Your new photo is saved. Clients see it now.");
      onSaved();
    } catch (err) {
      setError(err instanceof ApiError && err.fields?.file ? err.fields.file : errorMessage(err));
    } finally {
      setPreview(null);
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const state =
    profile.photo === null
      ? "Add a clear photo of your face: clients see it when they book you."
      : profile.photo_status === "rejected"
        ? `Our team could not use this photo${profile.review_note ? `: ${profile.review_note}` : ""}. Clients see a default picture until you add another.`
        : profile.photo_status === "pending"
          ? "Waiting for our team to check it."
          : "Clients see this photo when they book you.";

  return (
    <section className="card" id="photo" aria-labelledby="pro-photo-title" data-testid="pro-photo">
      <h2 className="card-title" id="pro-photo-title">
        Profile photo
      </h2>
      <div className="photo-row" style={{ marginTop: 12 }}>
        <img
          className="photo-large"
          src={preview ?? (profile.photo || DEFAULT_USER_PHOTO)}
          alt={`${profile.display_name}'s profile photo`}
          width={96}
          height={96}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_USER_PHOTO)) e.currentTarget.src = DEFAULT_USER_PHOTO;
          }}
        />
        <div className="photo-actions">
          <input
            ref={inputRef}
            id="pro-photo-file"
            className="file-input"
            type="file"
            accept={PHOTO_TYPES.join(",")}
            disabled={busy}
            onChange={(e) => void onFile(e.target.files?.[0])}
            aria-describedby="pro-photo-hint"
            data-testid="pro-photo-file"
          />
          <label
            htmlFor="pro-photo-file"
            className="button button-secondary button-sm"
            aria-disabled={busy || undefined}
          >
            <CameraIcon size={18} /> {busy ? "Uploading…" : profile.photo ? "Replace photo" : "Add photo"}
          </label>
          <p className="field-hint" id="pro-photo-hint" data-testid="pro-photo-state">
            {state} JPG, PNG or WebP.
          </p>
        </div>
      </div>
      <div style={{ marginTop: error ? 12 : 0 }}>
        <FormError message={error} />
      </div>
    </section>
  );
}
