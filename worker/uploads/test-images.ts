import { crc32 } from "./decode-image";

/**
 * Real, valid images for upload tests, built without a library: a grayscale PNG whose pixel data is kept in
 * stored (uncompressed) deflate blocks, so its size is predictable; `seed` varies the pixels (and the hash).
 */
export function pngBytes(approxSize: number, seed = 1): Uint8Array<ArrayBuffer> {
  const width = 64;
  const height = Math.max(1, Math.ceil((approxSize - 60) / (width + 1)));
  const raw = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * seed + y * 7 + seed) % 251;
  }
  // zlib: header, stored blocks of up to 65535 bytes, Adler-32.
  const blocks: number[] = [0x78, 0x01];
  for (let o = 0; o < raw.length || o === 0; o += 65535) {
    const len = Math.min(65535, raw.length - o);
    const last = o + len >= raw.length ? 1 : 0;
    blocks.push(last, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff);
    for (let i = 0; i < len; i++) blocks.push(raw[o + i]!);
    if (last) break;
  }
  let a = 1;
  let b = 0;
  for (const v of raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  blocks.push((b >> 8) & 0xff, b & 0xff, (a >> 8) & 0xff, a & 0xff);
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", new Uint8Array(blocks)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
