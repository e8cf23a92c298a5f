import encodeWebp, { init as initWebpEncoder } from "@jsquash/webp/encode.js";
import webpEncWasm from "@jsquash/webp/codec/enc/webp_enc.wasm";
import { encode as encodePng } from "fast-png";
import { encode as encodeJpeg } from "jpeg-js";
import type { Pixels } from "../../domain/image-quality";

/** Real files made in the test: the encoders write the bytes a phone would send; the check reads them back. */
export function jpeg(p: Pixels, quality = 90): Uint8Array {
  return new Uint8Array(encodeJpeg({ width: p.width, height: p.height, data: p.data as Uint8Array }, quality).data);
}
export function png(p: Pixels): Uint8Array {
  return encodePng({ width: p.width, height: p.height, data: p.data as Uint8Array, channels: 4, depth: 8 });
}
let encoderReady: Promise<void> | null = null;
export async function webp(p: Pixels): Promise<Uint8Array> {
  encoderReady ??= initWebpEncoder(webpEncWasm).then(() => undefined);
  await encoderReady;
  const image = {
    width: p.width,
    height: p.height,
    data: new Uint8ClampedArray(p.data),
    colorSpace: "srgb",
  } as ImageData;
  return new Uint8Array(await encodeWebp(image, { quality: 90 }));
}
