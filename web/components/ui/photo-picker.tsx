import { useEffect, useRef, useState, type ReactNode } from "react";
import { catalogue } from "../../../domain/messages";
import { DEFAULT_USER_PHOTO } from "../../../schema/payloads/accounts";
import { ApiError, errorMessage } from "../../lib/api-client";
import { shrinkPicture } from "../../lib/shrink-picture";
import { notify } from "../../stores/alert-store";
import { FormError } from "./field";
import { CameraIcon } from "./icons";

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A person's photo with its upload button: the picture is shrunk in the browser to what the server decodes
 * (web/lib/shrink-picture.ts), shown at once as a preview, then sent with `upload`. Used for the account
 * avatar (My Account) and the photo clients see (the pro's business profile).
 */
export function PhotoPicker({
  id,
  photo,
  alt,
  buttonLabel,
  hint,
  savedText,
  upload,
  testId,
}: {
  /** Prefix of the element ids (the input and its hint). */
  id: string;
  photo: string | null | undefined;
  alt: string;
  buttonLabel: string;
  hint: ReactNode;
  savedText: string;
  upload(file: File): Promise<void>;
  testId?: string;
}) {
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
    if (file.size > PHOTO_MAX_BYTES) return setError(catalogue.FILE_TOO_LARGE.text);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      await upload(file);
      notify("success", savedText);
    } catch (err) {
      // A photo can be refused for its size with the size needed in the field's text (decision 085).
      setError(err instanceof ApiError && err.fields?.file ? err.fields.file : errorMessage(err));
    } finally {
      setPreview(null);
      setBusy(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  return (
    <>
      <div className="photo-row" style={{ marginTop: 12 }}>
        <img
          className="photo-large"
          src={preview ?? (photo || DEFAULT_USER_PHOTO)}
          alt={alt}
          width={96}
          height={96}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_USER_PHOTO)) e.currentTarget.src = DEFAULT_USER_PHOTO;
          }}
        />
        <div className="photo-actions">
          <input
            ref={inputRef}
            id={`${id}-file`}
            className="file-input"
            type="file"
            accept={PHOTO_TYPES.join(",")}
            disabled={busy}
            onChange={(e) => void onFile(e.target.files?.[0])}
            aria-describedby={`${id}-hint`}
            data-testid={testId ? `${testId}-file` : undefined}
          />
          <label htmlFor={`${id}-file`} className="button button-secondary button-sm" aria-disabled={busy || undefined}>
            <CameraIcon size={18} /> {busy ? "Uploading…" : buttonLabel}
          </label>
          <p className="field-hint" id={`${id}-hint`} data-testid={testId ? `${testId}-state` : undefined}>
            {hint}
          </p>
        </div>
      </div>
      <div style={{ marginTop: error ? 12 : 0 }}>
        <FormError message={error} />
      </div>
    </>
  );
}
