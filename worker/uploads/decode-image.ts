import type { ImageFormat } from "../../domain/uploads";

/**
 * Decodes an uploaded image's structure before it is accepted (docs/decisions/054-upload-decoding.md). The first
 * bytes only name a format; this walks the whole file as that format: every PNG chunk with its CRC, the IHDR
 * and the inflated pixel data of the declared size, ending at IEND; every JPEG segment through the scans to EOI;
 * the WebP RIFF container and its VP8/VP8L/VP8X frame header. Anything that is not an image of the named
 * format (a PNG header followed by HTML, a truncated file) is refused. Answers the bytes to store: the image up
 * to its end marker, without trailing data.
 */
export interface DecodedImage {
  width: number;
  height: number;
  /** The image up to its end (trailing bytes after a JPEG's EOI are dropped). */
  bytes: Uint8Array;
}

/** Larger than any photo we keep: 50 megapixels. Refuses decompression bombs before inflating. */
const MAX_PIXELS = 50_000_000;

export async function decodeImage(format: ImageFormat, bytes: Uint8Array): Promise<DecodedImage | null> {
  try {
    if (format.ext === "png") return await decodePng(bytes);
    if (format.ext === "jpg") return decodeJpeg(bytes);
    return decodeWebp(bytes);
  } catch {
    return null;
  }
}

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const le32 = (b: Uint8Array, i: number) => (le16(b, i) | (le16(b, i + 2) << 16)) >>> 0;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

let crcTable: Uint32Array | null = null;
export function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = crcTable[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** Bytes of filtered scanlines for a width x height image (plus one filter byte per row). */
function scanlineBytes(width: number, height: number, bitsPerPixel: number): number {
  if (width === 0 || height === 0) return 0;
  return height * (1 + Math.ceil((width * bitsPerPixel) / 8));
}

async function inflatedLength(data: Uint8Array, limit: number): Promise<number> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
  const reader = stream.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return total;
    }
  }
}

async function decodePng(b: Uint8Array): Promise<DecodedImage | null> {
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
      if (!width || !height || width * height > MAX_PIXELS) return null;
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
      if ((await inflatedLength(all, expected)) !== expected) return null;
      return { width, height, bytes: b };
    }
    at += 12 + length;
  }
  return null;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function decodeJpeg(b: Uint8Array): DecodedImage | null {
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
      if (!width || !height || width * height > MAX_PIXELS) return null;
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

function decodeWebp(b: Uint8Array): DecodedImage | null {
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
    at += 8 + size + (size & 1);
  }
  if (at !== riff + 8 || !frame || !width || !height || width * height > MAX_PIXELS) return null;
  return { width, height, bytes: b };
}
