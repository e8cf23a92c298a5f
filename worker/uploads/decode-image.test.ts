import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "../../domain/uploads";
import { Client, signUp } from "../test-utils";
import { crc32, decodeImage } from "./decode-image";
import { pngBytes } from "./test-images";

/** Uploads are decoded as the image they claim to be before they are accepted (054-upload-decoding.md). */
const PNG = { ext: "png", contentType: "image/png" } as const;
const JPG = { ext: "jpg", contentType: "image/jpeg" } as const;
const WEBP = { ext: "webp", contentType: "image/webp" } as const;
const enc = (s: string) => new TextEncoder().encode(s);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** The smallest baseline JPEG structure: SOI, SOF0 8x8 1 component, SOS, scan bytes, EOI. */
function jpeg(): Uint8Array {
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00, 0xff, 0xda, 0x00, 0x08,
    0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9,
  ]);
}

function webpLossless(): Uint8Array {
  const vp8l = new Uint8Array([0x2f, 0x07, 0xc0, 0x01, 0x00, 0x00, 0x00]); // 8x8
  const chunk = join(enc("VP8L"), new Uint8Array([vp8l.length, 0, 0, 0]), vp8l, new Uint8Array([0]));
  const size = 4 + chunk.length;
  return join(enc("RIFF"), new Uint8Array([size & 0xff, size >> 8, 0, 0]), enc("WEBP"), chunk);
}

describe("decodeImage", () => {
  it("accepts real PNG, JPEG and WebP files", async () => {
    expect(await decodeImage(PNG, pngBytes(3000))).toMatchObject({ width: 64 });
    expect(await decodeImage(JPG, jpeg())).toMatchObject({ width: 8, height: 8 });
    expect(await decodeImage(WEBP, webpLossless())).toMatchObject({ width: 8, height: 8 });
  });

  it("refuses a PNG header followed by HTML, a truncated PNG and a PNG with data after IEND", async () => {
    const html = join(pngBytes(8).subarray(0, 8), enc("<html><script>alert(document.cookie)</script></html>"));
    expect(sniffImageFormat(html)).toEqual(PNG); // the first bytes alone were accepted before
    expect(await decodeImage(PNG, html)).toBeNull();
    const good = pngBytes(2000);
    expect(await decodeImage(PNG, good.subarray(0, good.length - 20))).toBeNull();
    expect(await decodeImage(PNG, join(good, enc("<html>")))).toBeNull();
    const corrupt = good.slice();
    corrupt[100] = corrupt[100]! ^ 0xff; // pixel data changed: the chunk's CRC no longer matches
    expect(await decodeImage(PNG, corrupt)).toBeNull();
  });

  it("refuses a JPEG header followed by HTML and keeps a JPEG only up to its end marker", async () => {
    expect(await decodeImage(JPG, join(new Uint8Array([0xff, 0xd8, 0xff]), enc("<html></html>")))).toBeNull();
    const trailing = await decodeImage(JPG, join(jpeg(), enc("<script>x</script>")));
    expect(trailing!.bytes).toEqual(jpeg());
  });

  it("refuses a WebP whose RIFF size does not match", async () => {
    expect(await decodeImage(WEBP, join(webpLossless(), enc("<html>")))).toBeNull();
  });

  it("computes the PNG CRC", () => {
    expect(crc32(enc("IEND"))).toBe(0xae426082);
  });
});

describe("PUT /api/account/user/profile-picture decodes the file", () => {
  it("refuses a PNG header followed by HTML (415) and stores nothing", async () => {
    const client = new Client();
    const { profile } = await signUp(client);
    const f = new FormData();
    const fake = join(pngBytes(8).subarray(0, 8), enc("<html><script>alert(1)</script></html>".repeat(20)));
    f.set("file", new File([fake as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
    const res = await client.put("/api/account/user/profile-picture", f);
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("FILE_FORMAT_NOT_ALLOWED");
    const me = await client.get("/api/account/user/profile");
    expect(JSON.stringify(me.body)).not.toContain(`/media/u/${profile.user_id}/`);
  });
});
