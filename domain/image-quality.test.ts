import { describe, expect, it } from "vitest";
import { checkImageQuality, differenceHash, imageMetrics, resizeToMax, type Pixels } from "./image-quality";
import { flat, noisy, scene } from "../tests/fixtures/pictures";

describe("image check (docs/product.md section 5)", () => {
  it("reduces to at most 100 px on the longer side, keeping the aspect", () => {
    const p = resizeToMax(scene(640, 320));
    expect([p.width, p.height]).toEqual([100, 50]);
    expect(resizeToMax(scene(40, 30))).toMatchObject({ width: 40, height: 30 });
  });

  it("refuses a flat grey picture as low quality (-3): no brightness variation, no edges, one colour", () => {
    const verdict = checkImageQuality(flat(320, 240, [128, 128, 128]));
    expect(verdict.result).toBe(-3);
    expect(verdict.metrics.brightness_variation).toBe(0);
    expect(verdict.metrics.edge_ratio).toBe(0);
    expect(verdict.metrics.colour_diversity).toBe(0);
  });

  it("refuses a smooth dark gradient (brightness varies, but no edges) and a mostly one-tone picture (too few colours)", () => {
    const gradient: Pixels = scene(200, 200, { gradientOnly: true });
    expect(imageMetrics(gradient).edge_ratio).toBeLessThan(0.005);
    expect(checkImageQuality(gradient).result).toBe(-3);
    const w = 120;
    const twoTone = flat(w, w, [20, 20, 20]);
    for (let i = 0; i < w * w; i++) if ((i % w) % 10 < 2) twoTone.data.set([230, 230, 230], i * 4);
    const m = imageMetrics(twoTone);
    expect(m.brightness_variation).toBeGreaterThan(10);
    expect(m.edge_ratio).toBeGreaterThan(0.005);
    expect(m.colour_diversity).toBeLessThan(0.1);
    expect(checkImageQuality(twoTone).result).toBe(-3);
  });

  it("accepts a noisy picture and a picture with shapes and colours (1)", () => {
    expect(checkImageQuality(noisy(300, 200, 7)).result).toBe(1);
    const verdict = checkImageQuality(scene(400, 300));
    expect(verdict.result).toBe(1);
    expect(verdict.metrics.brightness_variation).toBeGreaterThan(10);
    expect(verdict.metrics.edge_ratio).toBeGreaterThan(0.005);
    expect(verdict.metrics.colour_diversity).toBeGreaterThan(0.1);
  });

  it("hashes the same picture at twice the size alike, and different pictures differently", () => {
    expect(differenceHash(scene(360, 240))).toBe(differenceHash(scene(720, 480)));
    expect(differenceHash(scene(400, 300))).not.toBe(differenceHash(noisy(400, 300, 3)));
    expect(differenceHash(noisy(100, 100, 1))).not.toBe(differenceHash(noisy(100, 100, 2)));
    expect(differenceHash(scene(10, 10))).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("hashDistance", () => {
  it("counts differing bits", async () => {
    const { hashDistance, isSamePicture } = await import("./image-quality");
    expect(hashDistance("0000000000000000", "0000000000000000")).toBe(0);
    expect(hashDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(hashDistance("00303030a9b5b5b5", "0030303069b5a5a5")).toBe(4);
    expect(isSamePicture("00303030a9b5b5b5", "0030303069b5a5a5")).toBe(true);
    expect(isSamePicture("0000000000000000", "00000000000000ff")).toBe(false);
  });
});
