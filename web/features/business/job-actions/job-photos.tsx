import { useId, useState } from "react";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ApiError } from "../../../lib/api-client";
import { removeJobPhoto, uploadJobPhoto } from "./api";

const KINDS = [
  { type: "before", label: "Before" },
  { type: "after", label: "After" },
  { type: "testimonial", label: "Client photo (optional)" },
] as const;

/** Before, after and testimonial pictures of the job, each with an upload button and per-picture removal. */
export function JobPhotos({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  return (
    <section className="job-actions-section" aria-labelledby={`photos-${view.service_order_id}`}>
      <h3 id={`photos-${view.service_order_id}`} className="job-actions-title">
        Pictures
      </h3>
      {KINDS.map((k) => (
        <PhotoKind key={k.type} view={view} type={k.type} label={k.label} onChanged={onChanged} />
      ))}
    </section>
  );
}

function PhotoKind({
  view,
  type,
  label,
  onChanged,
}: {
  view: JobActionsView;
  type: "before" | "after" | "testimonial";
  label: string;
  onChanged(): void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = view.photos[type];
  const full = list.length >= view.max_photos_per_type;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadJobPhoto(view.service_order_id, type, file);
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The picture could not be uploaded. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  const remove = async (index: number) => {
    setBusy(true);
    setError(null);
    try {
      await removeJobPhoto(view.service_order_id, type, index);
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The picture could not be removed.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`field${error ? " has-error" : ""}`} data-testid={`photos-${type}`}>
      <label className="field-label" htmlFor={id}>
        {label} ({list.length}/{view.max_photos_per_type})
      </label>
      {list.length > 0 && (
        <ul
          className="job-photo-list"
          style={{ display: "flex", flexWrap: "wrap", gap: 8, listStyle: "none", padding: 0 }}
        >
          {list.map((src, i) => (
            <li key={src} style={{ position: "relative" }}>
              <img
                src={src}
                alt={`${label} picture ${i + 1}`}
                width={88}
                height={88}
                style={{ objectFit: "cover", borderRadius: 8 }}
              />
              {view.can.photos && (
                <button
                  type="button"
                  className="button button-ghost button-sm"
                  onClick={() => void remove(i)}
                  disabled={busy}
                  aria-label={`Remove ${label.toLowerCase()} picture ${i + 1}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {view.can.photos && !full && (
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          className="input"
          disabled={busy}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      )}
      {busy && <p className="field-hint">Checking the picture…</p>}
      {error && (
        <p className="field-error" id={`${id}-err`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
