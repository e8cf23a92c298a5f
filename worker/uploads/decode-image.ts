import { decode as decodePngPixels } from "fast-png";
import { Unzlib } from "fflate";
import { decode as decodeJpegPixels } from "jpeg-js";
import decodeWebpPixels, { init as initWebp } from "@jsquash/webp/decode.js";
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import type { Pixels } from "../../domain/image-quality";
import { PICTURE_MAX_SIDE, sniffImageFormat, type ImageFormat } from "../../domain/uploads";
import { crc32 } from "./crc32";

export { crc32 };

/**
 * The one image decoder for every upload (job photos, licences, applications, profile pictures;
 * docs/decisions/054-upload-decoding.md and 125-one-image-decoder.md). Two steps, always in this order:
 *
 * 1. `decodeImage(format, bytes)`, the structural decode: the first bytes only name a format; this walks the
 *    whole file as that format: every PNG chunk with its CRC, the IHDR and the inflated pixel data of the
 *    declared size, ending at IEND; every JPEG segment through the scans to EOI; the WebP RIFF container and
 *    its VP8/VP8L/VP8X frame header. The declared size is checked as soon as the header is read, before
 *    anything is inflated, and the PNG data is inflated as a stream that is counted and cancelled at the
 *    declared size, so neither a small file claiming a huge canvas nor a small canvas whose data inflates to
 *    gigabytes costs more than a few chunks of memory. Answers the bytes to store: the image up to its end
 *    marker, without trailing data.
 * 2. `decodePicture(bytes)`, the pixel decode for the image check (domain/image-quality.ts): runs step 1 with
 *    the pixel budget MAX_DECODE_PIXELS first, so a picture is decoded to pixels only once its header and its
 *    data are known to fit; then pure-JS decoders for JPEG (jpeg-js) and PNG (fast-png), and libwebp compiled
 *    to WebAssembly for WebP (@jsquash/webp, imported as a compiled module, which Workers allow).
 */
export interface DecodedImage {
  width: number;
  height: number;
  /** The image up to its end (trailing bytes after a JPEG's EOI are dropped). */
  bytes: Uint8Array;
}

/**
 * Files kept without a pixel decode (customers' avatars) may declare up to 50 megapixels: the structural walk
 * never holds more than a chunk of their pixels.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Pictures decoded to pixels may declare at most 2048 x 2048 pixels (decision 125). A Workers isolate has
 * 128 MB for everything it serves at once; the decoders' peak is about 11 bytes a pixel for a JPEG (jpeg-js:
 * coefficients, component planes and the RGBA result) and 8 for an 8-bit PNG (fast-png: inflated rows,
 * unfiltered rows, RGBA), so 4.2 megapixels peak at about 46 MB (RGBA alone 16.8 MB), leaving more than half
 * of the isolate to the requests served beside it. The web shrinks larger pictures to 2048 px on their long
 * side before sending them (web/lib/shrink-picture.ts); the image check itself looks at 100 px.
 */
export const MAX_DECODE_PIXELS = PICTURE_MAX_SIDE * PICTURE_MAX_SIDE;
/** The same budget in bytes of raw PNG data (RGBA at 8 bits, plus a filter byte a row). */
const MAX_DECODE_RAW_BYTES = MAX_DECODE_PIXELS * 4 + 2048 * 2;
/** jpeg-js counts its own allocations and stops past this. */
const MAX_JPEG_MEMORY_MB = 64;

type Walked = DecodedImage | "too-large" | null;

export async function decodeImage(
  format: ImageFormat,
  bytes: Uint8Array,
  maxPixels: number = MAX_IMAGE_PIXELS,
): Promise<DecodedImage | null> {
  const walked = await walkImage(format, bytes, { maxPixels, maxRawBytes: Infinity });
  return walked === "too-large" ? null : walked;
}

/** The structural decode, saying whether a refused file was over `maxPixels` or not an image at all. */
export async function decodeImageWithin(
  format: ImageFormat,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<DecodedImage | { refused: PictureRefusal }> {
  const walked = await walkImage(format, bytes, { maxPixels, maxRawBytes: Infinity });
  if (walked === "too-large") return { refused: "too-large" };
  return walked ?? { refused: "format" };
}

/** Why a picture was not decoded: not an image of an allowed format, or more pixels than MAX_DECODE_PIXELS. */
export type PictureRefusal = "format" | "too-large";

export async function decodePicture(
  bytes: Uint8Array,
): Promise<{ pixels: Pixels; image: DecodedImage } | { refused: PictureRefusal }> {
  const format = sniffImageFormat(bytes.subarray(0, 16));
  if (!format) return { refused: "format" };
  const image = await walkImage(format, bytes, { maxPixels: MAX_DECODE_PIXELS, maxRawBytes: MAX_DECODE_RAW_BYTES });
  if (image === "too-large") return { refused: "too-large" };
  if (!image) return { refused: "format" };
  const pixels = await decodePixels(format, image);
  if (!pixels || pixels.width !== image.width || pixels.height !== image.height) return { refused: "format" };
  return { pixels, image };
}

/** The pixels of a picture, or null when it is not one or is over the pixel budget. */
export async function decodePicturePixels(bytes: Uint8Array): Promise<Pixels | null> {
  const decoded = await decodePicture(bytes);
  return "pixels" in decoded ? decoded.pixels : null;
}

async function walkImage(
  format: ImageFormat,
  bytes: Uint8Array,
  limits: { maxPixels: number; maxRawBytes: number },
): Promise<Walked> {
  try {
    if (format.ext === "png") return await walkPng(bytes, limits);
    if (format.ext === "jpg") return walkJpeg(bytes, limits.maxPixels);
    return walkWebp(bytes, limits.maxPixels);
  } catch {
    return null;
  }
}

let webpReady: Promise<void> | null = null;

/** Runs only on a file the structural walk accepted within the pixel budget. */
async function decodePixels(format: ImageFormat, image: DecodedImage): Promise<Pixels | null> {
  const bytes = image.bytes;
  try {
    if (format.ext === "jpg") {
      const img = decodeJpegPixels(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_DECODE_PIXELS / 1e6,
        maxMemoryUsageInMB: MAX_JPEG_MEMORY_MB,
      });
      return { width: img.width, height: img.height, data: img.data };
    }
    if (format.ext === "png") {
      const img = decodePngPixels(bytes);
      return { width: img.width, height: img.height, data: toRgba8(img.data, img.channels, img.depth, img.palette) };
    }
    webpReady ??= initWebp(webpWasm);
    await webpReady;
    const img = await decodeWebpPixels(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    return { width: img.width, height: img.height, data: img.data };
  } catch {
    return null;
  }
}

/** fast-png answers 1-4 channels of 1-16 bits, or palette indices: bring every case to RGBA8. */
function toRgba8(
  data: Uint8Array | Uint8ClampedArray | Uint16Array,
  channels: number,
  depth: number,
  palette?: number[][],
): Uint8Array | Uint8ClampedArray {
  // Already RGBA8: no second copy of the picture.
  if (!palette && channels === 4 && depth === 8 && !(data instanceof Uint16Array)) return data;
  const n = Math.floor(data.length / channels);
  const out = new Uint8Array(n * 4);
  const scale = (v: number) => (depth === 16 ? v >> 8 : depth < 8 ? Math.round((v * 255) / ((1 << depth) - 1)) : v);
  for (let i = 0; i < n; i++) {
    if (palette) {
      const c = palette[data[i]!] ?? [0, 0, 0, 255];
      out.set([c[0]!, c[1]!, c[2]!, c[3] ?? 255], i * 4);
      continue;
    }
    const at = i * channels;
    const v = (k: number) => scale(data[at + k]!);
    if (channels === 1) out.set([v(0), v(0), v(0), 255], i * 4);
    else if (channels === 2) out.set([v(0), v(0), v(0), v(1)], i * 4);
    else if (channels === 3) out.set([v(0), v(1), v(2), 255], i * 4);
    else out.set([v(0), v(1), v(2), v(3)], i * 4);
  }
  return out;
}

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const le32 = (b: Uint8Array, i: number) => (le16(b, i) | (le16(b, i + 2) << 16)) >>> 0;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** Bytes of filtered scanlines for a width x height image (plus one filter byte per row). */
function scanlineBytes(width: number, height: number, bitsPerPixel: number): number {
  if (width === 0 || height === 0) return 0;
  return height * (1 + Math.ceil((width * bitsPerPixel) / 8));
}

/** Compressed bytes handed to the inflater at a time: at deflate's best ratio, at most about 8 MB of output. */
const INFLATE_SLICE = 8192;

/** Thrown inside the inflater's callback to stop it once the output passed the declared size. */
class Overflow extends Error {}

/**
 * Inflates and counts, stopping as soon as the count passes `limit` (a bomb is stopped at its declared size,
 * not inflated to its end). fflate's streaming inflater takes the compressed bytes in 8 KB slices and hands
 * out what each produced, so at most about 8 MB of output exists at once. (The runtime's
 * DecompressionStream also bounds memory, but hands out 4 KB per read at about 1 ms each: 16 s for a
 * 4-megapixel picture.)
 */
function inflatedLength(data: Uint8Array, limit: number): number {
  let total = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    total += chunk.length;
    if (total > limit) throw new Overflow();
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_SLICE) {
      inflater.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
    }
  } catch (error) {
    if (error instanceof Overflow) return total;
    return -1;
  }
  return ended ? total : -1;
}

async function walkPng(b: Uint8Array, limits: { maxPixels: number; maxRawBytes: number }): Promise<Walked> {
  let at = 8;
  let width = 0;
  let height = 0;
  let expected = 0;
  let palette = false;
  let colorType = -1;
  const idat: Uint8Array[] = [];
  let first = true;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = ascii(b, at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || at + 12 + length > b.length) return null;
    const data = b.subarray(at + 8, at + 8 + length);
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32(b, at + 8 + length)) return null;
    if (first !== (type === "IHDR")) return null;
    first = false;
    if (type === "IHDR") {
      if (length !== 13) return null;
      width = u32(data, 0);
      height = u32(data, 4);
      const depth = data[8]!;
      colorType = data[9]!;
      if (!width || !height) return null;
      // The declared size decides before a byte is inflated.
      if (width * height > limits.maxPixels) return "too-large";
      if (!DEPTHS[colorType]?.includes(depth) || data[10] !== 0 || data[11] !== 0 || data[12]! > 1) return null;
      const bpp = depth * CHANNELS[colorType]!;
      if (data[12] === 0) expected = scanlineBytes(width, height, bpp);
      else {
        // Adam7: seven reduced images.
        const passes = [
          [0, 0, 8, 8],
          [4, 0, 8, 8],
          [0, 4, 4, 8],
          [2, 0, 4, 4],
          [0, 2, 2, 4],
          [1, 0, 2, 2],
          [0, 1, 1, 2],
        ] as const;
        for (const [x0, y0, dx, dy] of passes) {
          expected += scanlineBytes(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy), bpp);
        }
      }
      if (expected > limits.maxRawBytes) return "too-large";
    } else if (type === "PLTE") palette = true;
    else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") {
      if (length !== 0 || at + 12 !== b.length) return null;
      if (idat.length === 0 || (colorType === 3 && !palette)) return null;
      const all = new Uint8Array(idat.reduce((n, d) => n + d.length, 0));
      let o = 0;
      for (const d of idat) {
        all.set(d, o);
        o += d.length;
      }
      if (inflatedLength(all, expected) !== expected) return null;
      return { width, height, bytes: b };
    }
    at += 12 + length;
  }
  return null;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function walkJpeg(b: Uint8Array, maxPixels: number): Walked {
  let at = 2;
  let width = 0;
  let height = 0;
  let scans = 0;
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) return null;
    let marker = b[at + 1]!;
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1]!; // fill bytes
    at += 2;
    if (marker === 0xd9) {
      if (!width || !height || scans === 0) return null;
      return { width, height, bytes: b.subarray(0, at) };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0x00) return null;
    if (at + 2 > b.length) return null;
    const length = u16(b, at);
    if (length < 2 || at + length > b.length) return null;
    if (SOF.has(marker)) {
      if (length < 8) return null;
      height = u16(b, at + 3);
      width = u16(b, at + 5);
      if (!width || !height) return null;
      if (width * height > maxPixels) return "too-large";
    }
    at += length;
    if (marker === 0xda) {
      if (!width) return null;
      scans++;
      // Entropy-coded data: runs until a marker that is neither a stuffed 0x00 nor a restart marker.
      while (at + 1 < b.length) {
        if (b[at] === 0xff) {
          const next = b[at + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            at += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        at++;
      }
    }
  }
  return null;
}

function walkWebp(b: Uint8Array, maxPixels: number): Walked {
  if (b.length < 20 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 12) !== "WEBP") return null;
  const riff = le32(b, 4);
  if (riff + 8 !== b.length && riff + 9 !== b.length) return null;
  let at = 12;
  let width = 0;
  let height = 0;
  let frame = false;
  while (at + 8 <= riff + 8) {
    const type = ascii(b, at, at + 4);
    const size = le32(b, at + 4);
    const data = b.subarray(at + 8, at + 8 + size);
    if (data.length !== size || !/^[A-Z0-9 ]{4}$/.test(type)) return null;
    if (type === "VP8X" && at === 12) {
      if (size < 10) return null;
      width = le24(data, 4) + 1;
      height = le24(data, 7) + 1;
      if (width * height > maxPixels) return "too-large";
    } else if (type === "VP8 ") {
      if (size < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a || (data[0]! & 1) !== 0) return null;
      width ||= le16(data, 6) & 0x3fff;
      height ||= le16(data, 8) & 0x3fff;
      frame = true;
    } else if (type === "VP8L") {
      if (size < 5 || data[0] !== 0x2f) return null;
      const bits = le32(data, 1);
      width ||= (bits & 0x3fff) + 1;
      height ||= ((bits >>> 14) & 0x3fff) + 1;
      frame = true;
    } else if (type === "ANMF") frame = true;
    if (width * height > maxPixels) return "too-large";
    at += 8 + size + (size & 1);
  }
  if (at !== riff + 8 || !frame || !width || !height) return null;
  return { width, height, bytes: b };
}
