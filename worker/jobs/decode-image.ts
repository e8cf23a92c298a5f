import { decode as decodePng } from "fast-png";
import { decode as decodeJpeg } from "jpeg-js";
import decodeWebp, { init as initWebp } from "@jsquash/webp/decode.js";
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import type { Pixels } from "../../domain/image-quality";
import { sniffImageFormat } from "../../domain/uploads";

/**
 * Decodes an uploaded picture to RGBA pixels for the image check (domain/image-quality.ts). Pure-JS
 * decoders for JPEG (jpeg-js) and PNG (fast-png, no Node streams), and libwebp compiled to WebAssembly for
 * WebP (@jsquash/webp, its module imported as a compiled Wasm module, which Workers allow; runtime
 * compilation is not). Pictures larger than MAX_PIXELS are refused before decoding so a small file that
 * claims a huge canvas cannot exhaust the isolate's memory. Answers null for bytes that do not decode.
 */
export const MAX_PIXELS = 40_000_000;

let webpReady: Promise<void> | null = null;

export async function decodeImage(bytes: Uint8Array): Promise<Pixels | null> {
  const format = sniffImageFormat(bytes.subarray(0, 16));
  try {
    if (format?.ext === "jpg") {
      const img = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6 });
      return { width: img.width, height: img.height, data: img.data };
    }
    if (format?.ext === "png") {
      const img = decodePng(bytes);
      if (img.width * img.height > MAX_PIXELS) return null;
      return { width: img.width, height: img.height, data: toRgba8(img.data, img.channels, img.depth, img.palette) };
    }
    if (format?.ext === "webp") {
      webpReady ??= initWebp(webpWasm);
      await webpReady;
      const img = await decodeWebp(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
      return { width: img.width, height: img.height, data: img.data };
    }
  } catch {
    return null;
  }
  return null;
}

/** fast-png answers 1-4 channels of 1-16 bits, or palette indices: bring every case to RGBA8. */
function toRgba8(
  data: Uint8Array | Uint8ClampedArray | Uint16Array,
  channels: number,
  depth: number,
  palette?: number[][],
): Uint8Array {
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
