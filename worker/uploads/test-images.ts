import { crc32 } from "./crc32";

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

function pngOf(ihdr: Uint8Array, idat: Uint8Array): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
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

function ihdrOf(width: number, height: number, colourType = 6): Uint8Array {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr[8] = 8;
  ihdr[9] = colourType;
  return ihdr;
}

/**
 * A zlib stream of `n` zero bytes at deflate's best ratio (about 1:1032), written directly: one dynamic
 * Huffman block whose codes are a literal 0 (2 bits), "copy 258 from distance 1" (1 bit + a 1-bit distance)
 * and end of block, so the body is zero bytes, 4 copies (1,032 output bytes) per byte. Costs nothing to build.
 */
export function zerosDeflated(n: number): Uint8Array<ArrayBuffer> {
  const copies = Math.floor((n - 1) / 258);
  const literals = n - 1 - copies * 258; // zeros after the copies
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1); // fields: least significant bit first
  };
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i--) bits.push((value >> i) & 1); // Huffman codes: most significant first
  };
  put(1, 1); // BFINAL
  put(2, 2); // dynamic Huffman
  put(29, 5); // HLIT: 286 literal/length codes
  put(1, 5); // HDIST: 2 distance codes
  put(15, 4); // HCLEN: all 19 code-length codes
  // Code-length code lengths in deflate's order 16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1,15:
  // 18 (a run of zeros) -> 1 bit, 1 and 2 -> 2 bits; canonical codes 18 = 0, 1 = 10, 2 = 11.
  for (const len of [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0]) put(len, 3);
  const zeros = (count: number) => {
    code(0, 1);
    put(count - 11, 7);
  };
  code(0b11, 2); // literal 0: 2 bits
  zeros(138);
  zeros(117); // literals 1-255: unused
  code(0b11, 2); // 256, end of block: 2 bits
  zeros(28); // 257-284: unused
  code(0b10, 2); // 285, a copy of 258: 1 bit
  code(0b10, 2); // distance code 0 (distance 1): 1 bit
  code(0b10, 2); // distance code 1: unused
  // Literal/length codes: 285 = 0, 0 = 10, 256 = 11; distance 1 = 0. A copy is "0" + "0": two zero bits.
  code(0b10, 2); // the first zero, as a literal
  let left = copies;
  while (bits.length % 8 !== 0 && left > 0) {
    code(0, 2);
    left--;
  }
  if (bits.length % 8 !== 0) throw new Error("zerosDeflated: too few copies to align");
  const bodyBytes = Math.floor(left / 4); // whole bytes of zero bits: 4 copies each
  left -= bodyBytes * 4;
  const front = bits.splice(0);
  for (let i = 0; i < left; i++) code(0, 2);
  for (let i = 0; i < literals; i++) code(0b10, 2);
  code(0b11, 2);
  const pack = (from: number[]) => {
    const out = new Uint8Array(Math.ceil(from.length / 8));
    from.forEach((bit, i) => (out[i >> 3]! |= bit << (i & 7)));
    return out;
  };
  const head = pack(front);
  const tail = pack(bits);
  // Adler-32 of n zero bytes: a = 1, b = n mod 65521.
  const b = n % 65521;
  const out = new Uint8Array(2 + head.length + bodyBytes + tail.length + 4);
  out.set([0x78, 0x01]);
  out.set(head, 2);
  out.set(tail, 2 + head.length + bodyBytes);
  out.set([(b >> 8) & 0xff, b & 0xff, 0, 1], out.length - 4);
  return out;
}

/** A PNG of under 100 bytes whose header claims `width` x `height` RGBA pixels (the "huge canvas" bomb). */
export function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
  // zlib: one empty stored block and the Adler-32 of nothing; a decoder that trusts the header allocates first.
  const text = new TextEncoder().encode("bomb-bomb-bomb");
  return pngOf(ihdrOf(width, height), new Uint8Array([0x78, 0x01, 0x01, 0x00, 0x00, 0xff, 0xff, 0, 0, 0, 1, ...text]));
}

/**
 * A PNG whose pixel data inflates to `inflated` bytes of zeros (about `inflated / 1032` bytes of file),
 * declaring `width` x `height` RGBA pixels: the "small file, huge data" bomb when the declared size is small.
 */
export function pngInflating(inflated: number, width: number, height: number): Uint8Array<ArrayBuffer> {
  return pngOf(ihdrOf(width, height), zerosDeflated(inflated));
}
