import type { Pixels } from "./image-quality";

/** Small pictures made in tests (RGBA): one colour, seeded noise, and a scene with shapes and colours. */

export function flat(width: number, height: number, rgb: [number, number, number]): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([rgb[0], rgb[1], rgb[2], 255], i * 4);
  return { width, height, data };
}

export function noisy(width: number, height: number, seed: number): Pixels {
  let s = seed * 2654435761 + 1;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % 256;
  };
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([next(), next(), next(), 255], i * 4);
  return { width, height, data };
}

/** A sky gradient with a sun and coloured stripes (or only the gradient), resolution independent. */
export function scene(width: number, height: number, opts: { gradientOnly?: boolean } = {}): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      let rgb = [Math.round(40 + 60 * v), Math.round(40 + 60 * v), Math.round(60 + 60 * v)];
      if (!opts.gradientOnly) {
        if ((u - 0.3) ** 2 + (v - 0.3) ** 2 < 0.02) rgb = [250, 200, 40];
        else if (v > 0.6) rgb = Math.floor(u * 8) % 2 === 0 ? [30, 160, 60] : [170, 60, 200];
        else if (u > 0.7 && v > 0.2) rgb = [200, 60, 40];
      }
      data.set([rgb[0]!, rgb[1]!, rgb[2]!, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}
