/**
 * Upload rules (docs/product.md section 5 "File upload", "Image check"). The format is read from the file's first
 * bytes, never trusted from its name or declared type.
 */
export const MAX_PROFILE_PHOTO_BYTES = 5 * 1024 * 1024;
export const DUPLICATE_MEMORY_MS = 259_200_000; // 3 days
/**
 * The longest side of a picture the server decodes to pixels (docs/decisions/125-one-image-decoder.md): a
 * Workers isolate cannot hold a phone's 12 MP photo decoded, so the pages scale a larger picture down to this
 * before sending it (web/lib/shrink-picture.ts) and the server refuses more than PICTURE_MAX_SIDE squared.
 */
export const PICTURE_MAX_SIDE = 2048;

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

/** A licence may also be a PDF (docs/decisions/121-licences-reviewed.md). */
export const PDF_FORMAT = { ext: "pdf", contentType: "application/pdf" } as const;
export type LicenceFormat = ImageFormat | typeof PDF_FORMAT;

export function isPdfHead(head: Uint8Array): boolean {
  return String.fromCharCode(...head.subarray(0, 5)) === "%PDF-";
}

/**
 * A well-formed PDF, checked from its structure rather than its name: the "%PDF-1.x" or "%PDF-2.0" header, at
 * least one "n g obj ... endobj", and the trailer at the end: "startxref" with the offset of a cross-reference
 * table ("xref") or stream ("n g obj") inside the file, then "%%EOF". A PNG or HTML page renamed, or a PDF cut
 * short, fails.
 */
export function isWellFormedPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 64) return false;
  const text = (from: number, to: number) => {
    let out = "";
    for (let i = Math.max(0, from); i < Math.min(bytes.length, to); i++) out += String.fromCharCode(bytes[i]!);
    return out;
  };
  if (!/^%PDF-(1\.[0-7]|2\.0)[\r\n\s%]/.test(text(0, 16))) return false;
  const tail = text(bytes.length - 1024, bytes.length);
  const trailer = /startxref\s+(\d{1,10})\s+%%EOF\s*$/.exec(tail);
  if (!trailer) return false;
  const offset = Number(trailer[1]);
  if (offset < 9 || offset >= bytes.length) return false;
  const at = text(offset, offset + 32);
  if (!/^(xref\s|\d{1,10}\s+\d{1,5}\s+obj\b)/.test(at)) return false;
  const head = text(0, Math.min(bytes.length, 1 << 20));
  return /\d+\s+\d+\s+obj\b[\s\S]*?\bendobj\b/.test(head);
}
