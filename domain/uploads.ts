/**
 * Upload rules (docs/product.md section 5 "File upload", "Image check"). The format is read from the file's first
 * bytes, never trusted from its name or declared type.
 */
export const MAX_PROFILE_PHOTO_BYTES = 5 * 1024 * 1024;
export const DUPLICATE_MEMORY_MS = 259_200_000; // 3 days

export type ImageFormat = { ext: "jpg" | "png" | "webp"; contentType: string };

export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  const b = (i: number) => head[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return { ext: "jpg", contentType: "image/jpeg" };
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v))
    return { ext: "png", contentType: "image/png" };
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP")
    return { ext: "webp", contentType: "image/webp" };
  return null;
}

/** docs/product.md result codes: -1 bad format, -2 too large, -4 duplicate, 1 accepted. */
export type UploadCheck = -1 | -2 | -4 | 1;

export function checkUpload(opts: {
  head: Uint8Array;
  size: number;
  maxBytes: number;
  duplicateSeenAt: number | null;
  now: number;
}): UploadCheck {
  if (!sniffImageFormat(opts.head)) return -1;
  if (opts.size > opts.maxBytes) return -2;
  if (opts.duplicateSeenAt !== null && opts.now - opts.duplicateSeenAt < DUPLICATE_MEMORY_MS) return -4;
  return 1;
}
