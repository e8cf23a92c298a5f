import type { ProProfile } from "../../../../schema/payloads/vendor-onboarding";
import { PhotoPicker } from "../../../components/ui/photo-picker";
import { uploadProPhoto as sendProPhoto } from "../api/pro";

/** PUT /api/vendor/me/photo, multipart with `file`: the photo clients see (docs/decisions/132). */
function uploadProPhoto(file: File): Promise<ProProfile> {
  const form = new FormData();
  form.append("file", file, file.name);
  return sendProPhoto(form);
}

/**
 * The pro's photo as clients see it, managed in the business area (issue 21): it starts as the application's
 * photo and is replaced through the same shrink and server checks as any profile picture.
 */
export function ProPhotoCard({ profile, onSaved }: { profile: ProProfile; onSaved(): void }) {
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
      <PhotoPicker
        id="pro-photo"
        testId="pro-photo"
        photo={profile.photo}
        alt={`${profile.display_name}'s profile photo`}
        buttonLabel={profile.photo ? "Replace photo" : "Add photo"}
        hint={`${state} JPG, PNG or WebP.`}
        savedText="Your new photo is saved. Clients see it now."
        upload={async (file) => {
          await uploadProPhoto(file);
          onSaved();
        }}
      />
    </section>
  );
}
