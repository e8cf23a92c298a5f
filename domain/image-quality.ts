/**
 * The image check of docs/product.md section 5 on decoded pixels (docs/decisions/060-job-photos-and-image-check.md).
 * The picture is first reduced to at most 100 px on its longer side (box average), then measured:
 *
 * - brightness variation: the standard deviation of luma (0-255);
 * - edge ratio: the share of pixels whose Sobel gradient magnitude is above EDGE_MAGNITUDE;
 * - colour diversity: the Shannon entropy of a 512-bin colour histogram (3 bits per channel), divided by
 *   its maximum (9 bits), so 0 is one colour and 1 is every bin equally used.
 *
 * Low quality (-3) when brightness variation < 10, edge ratio < 0.005 or colour diversity < 0.1. The
 * picture's perceptual hash (a 64-bit difference hash of a 9x8 luma thumbnail) finds duplicates: the same
 * picture re-encoded or resized hashes the same. Pure: pixels in, numbers out.
 */

/** RGBA, 8 bits per channel, row-major (what every decoder in worker/uploads/decode-image.ts answers). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export const IMAGE_CHECK = {
  maxSide: 100,
  minBrightnessVariation: 10,
  minEdgeRatio: 0.005,
  minColourDiversity: 0.1,
} as const;

/** Sobel magnitude above which a pixel counts as an edge (a clear step of about 25 levels of luma). */
export const EDGE_MAGNITUDE = 100;

export interface ImageMetrics {
  width: number;
  height: number;
  brightness_variation: number;
  edge_ratio: number;
  colour_diversity: number;
}

export interface ImageVerdict {
  /** 1 accepted, -3 low quality (docs/product.md section 5). */
  result: 1 | -3;
  metrics: ImageMetrics;
  /** 16 hex digits. */
  hash: string;
}

/** Box-average downscale so the longer side is at most `maxSide` (never upscales). */
export function resizeToMax(p: Pixels, maxSide: number = IMAGE_CHECK.maxSide): Pixels {
  const scale = Math.min(1, maxSide / Math.max(p.width, p.height));
  const width = Math.max(1, Math.round(p.width * scale));
  const height = Math.max(1, Math.round(p.height * scale));
  return resample(p, width, height);
}

function resample(p: Pixels, width: number, height: number): Pixels {
  if (width === p.width && height === p.height) return p;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * p.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * p.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * p.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * p.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * p.width + sx) * 4;
          r += p.data[i]!;
          g += p.data[i + 1]!;
          b += p.data[i + 2]!;
          a += p.data[i + 3]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = Math.round(a / n);
    }
  }
  return { width, height, data: out };
}

function luma(p: Pixels): Float64Array {
  const l = new Float64Array(p.width * p.height);
  for (let i = 0; i < l.length; i++) {
    l[i] = 0.299 * p.data[i * 4]! + 0.587 * p.data[i * 4 + 1]! + 0.114 * p.data[i * 4 + 2]!;
  }
  return l;
}

export function imageMetrics(original: Pixels): ImageMetrics {
  const p = resizeToMax(original);
  const { width, height } = p;
  const l = luma(p);
  const n = l.length;
  let sum = 0;
  for (const v of l) sum += v;
  const mean = sum / n;
  let sq = 0;
  for (const v of l) sq += (v - mean) ** 2;
  const brightness_variation = Math.sqrt(sq / n);

  let edges = 0;
  let inner = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const at = (dx: number, dy: number) => l[(y + dy) * width + x + dx]!;
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      inner += 1;
      if (Math.sqrt(gx * gx + gy * gy) > EDGE_MAGNITUDE) edges += 1;
    }
  }
  const edge_ratio = inner > 0 ? edges / inner : 0;

  const bins = new Uint32Array(512);
  for (let i = 0; i < n; i++) {
    bins[((p.data[i * 4]! >> 5) << 6) | ((p.data[i * 4 + 1]! >> 5) << 3) | (p.data[i * 4 + 2]! >> 5)]! += 1;
  }
  let entropy = 0;
  for (const count of bins) {
    if (count === 0) continue;
    const q = count / n;
    entropy -= q * Math.log2(q);
  }
  const colour_diversity = entropy / 9;
  return { width, height, brightness_variation, edge_ratio, colour_diversity };
}

/** 64-bit difference hash: each bit says whether a pixel of a 9x8 luma thumbnail is brighter than its right neighbour. */
export function differenceHash(p: Pixels): string {
  const small = resample(p, 9, 8);
  const l = luma(small);
  let hex = "";
  for (let y = 0; y < 8; y++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) byte = (byte << 1) | (l[y * 9 + x]! > l[y * 9 + x + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

export function checkImageQuality(p: Pixels): ImageVerdict {
  const metrics = imageMetrics(p);
  const low =
    metrics.brightness_variation < IMAGE_CHECK.minBrightnessVariation ||
    metrics.edge_ratio < IMAGE_CHECK.minEdgeRatio ||
    metrics.colour_diversity < IMAGE_CHECK.minColourDiversity;
  return { result: low ? -3 : 1, metrics, hash: differenceHash(p) };
}

/**
 * Two pictures are the same when their difference hashes differ in at most this many of 64 bits: a
 * re-encode (JPEG to PNG, another quality) moves a few bits, a different photo about half of them.
 */
export const DUPLICATE_MAX_DISTANCE = 6;

export function hashDistance(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < 16; i += 4) {
    let x = parseInt(a.slice(i, i + 4), 16) ^ parseInt(b.slice(i, i + 4), 16);
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}

export function isSamePicture(a: string, b: string): boolean {
  return a.length === 16 && b.length === 16 && hashDistance(a, b) <= DUPLICATE_MAX_DISTANCE;
}
