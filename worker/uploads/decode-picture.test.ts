import { describe, expect, it } from "vitest";
import { checkImageQuality, isSamePicture } from "../../domain/image-quality";
import { flat, noisy, scene } from "../../tests/fixtures/pictures";
import { decodePicturePixels } from "./decode-image";
import { jpeg, png, webp } from "./test-encoders";

describe("decodePicturePixels", () => {
  it("decodes JPEG, PNG and WebP to the pixels that were encoded", async () => {
    const picture = scene(120, 80);
    for (const bytes of [jpeg(picture), png(picture), await webp(picture)]) {
      const decoded = await decodePicturePixels(bytes);
      expect(decoded).toMatchObject({ width: 120, height: 80 });
      expect(decoded!.data.length).toBe(120 * 80 * 4);
      // Lossy codecs move values a little; the sun's centre stays yellow.
      const at = (24 * 120 + 36) * 4;
      expect(decoded!.data[at]).toBeGreaterThan(220);
      expect(decoded!.data[at + 2]).toBeLessThan(90);
    }
  });

  it("runs the image check on decoded files: flat grey is low quality, noise and a scene pass", async () => {
    for (const encode of [jpeg, png, webp]) {
      const grey = await decodePicturePixels(await encode(flat(200, 150, [128, 128, 128])));
      expect(checkImageQuality(grey!).result).toBe(-3);
      expect(checkImageQuality((await decodePicturePixels(await encode(noisy(160, 120, 5))))!).result).toBe(1);
      expect(checkImageQuality((await decodePicturePixels(await encode(scene(300, 200))))!).result).toBe(1);
    }
  });

  it("gives the same file the same hash (a re-upload is a duplicate)", async () => {
    const bytes = jpeg(scene(300, 200));
    const a = checkImageQuality((await decodePicturePixels(bytes))!);
    const b = checkImageQuality((await decodePicturePixels(bytes.slice()))!);
    expect(a.hash).toBe(b.hash);
    const asPng = checkImageQuality((await decodePicturePixels(png(scene(300, 200))))!).hash;
    expect(isSamePicture(asPng, a.hash)).toBe(true);
    const other = checkImageQuality((await decodePicturePixels(jpeg(noisy(300, 200, 9))))!).hash;
    expect(isSamePicture(other, a.hash)).toBe(false);
  });

  it("answers null for bytes that only look like an image", async () => {
    const fake = new Uint8Array(64);
    fake.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await decodePicturePixels(fake)).toBeNull();
    const png8 = png(scene(20, 20)).slice(0, 40);
    expect(await decodePicturePixels(png8)).toBeNull();
    expect(await decodePicturePixels(new TextEncoder().encode("GIF89a not allowed"))).toBeNull();
  });
});
