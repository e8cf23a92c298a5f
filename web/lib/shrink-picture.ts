import { PICTURE_MAX_SIDE } from "../../domain/uploads";

/**
 * Scales a picture whose longer side is over PICTURE_MAX_SIDE down to it, as a JPEG, before it is uploaded.
 * A phone takes 12 MP photos; the server decodes pictures to check them and refuses more than 2048 x 2048
 * pixels, which is what a Worker's memory allows (docs/decisions/125-one-image-decoder.md). createImageBitmap
 * applies the photo's EXIF orientation, so the scaled picture stands the way the phone showed it. A file the
 * browser cannot decode, or one small enough already, is sent as it is, and the server's answer decides.
 */
export async function shrinkPicture(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const scale = PICTURE_MAX_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "picture"}.jpg`, { type: "image/jpeg" });
  } finally {
    bitmap.close();
  }
}

/** The same for a picture field of a form about to be sent. */
export async function shrinkPictureField(form: FormData, name: string): Promise<void> {
  const value = form.get(name);
  if (value instanceof File && value.size > 0) form.set(name, await shrinkPicture(value));
}
