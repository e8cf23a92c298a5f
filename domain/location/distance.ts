/**
 * Distances between US places in miles (docs/product.md section 9: earth radius 3958.8 miles), and the nearest ZIP to a
 * point (the offline geocoder's lat/long -> ZIP, docs/architecture.md section 3 "US places").
 */

export const EARTH_RADIUS_MILES = 3958.8;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface ZipPoint extends LatLng {
  zip: string;
}

const RAD = Math.PI / 180;

/** Great-circle distance in miles by the haversine formula. */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The ZIP closest to a point, with its distance; null for an empty list or a point that is not a number.
 * Ties go to the earlier entry. One linear pass: 44,000 ZIPs take a few milliseconds, and callers that
 * search often narrow the list first (e.g. by a lat/lng box in D1).
 */
export function nearestZip(point: LatLng, zips: readonly ZipPoint[]): { zip: string; miles: number } | null {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  let best: ZipPoint | null = null;
  let bestMiles = Infinity;
  for (const z of zips) {
    const d = haversineMiles(point, z);
    if (d < bestMiles) {
      bestMiles = d;
      best = z;
    }
  }
  return best ? { zip: best.zip, miles: bestMiles } : null;
}

/** ZIPs within `miles` of a point, nearest first. */
export function zipsWithin(
  point: LatLng,
  zips: readonly ZipPoint[],
  miles: number,
): Array<{ zip: string; miles: number }> {
  const out: Array<{ zip: string; miles: number }> = [];
  for (const z of zips) {
    const d = haversineMiles(point, z);
    if (d <= miles) out.push({ zip: z.zip, miles: d });
  }
  return out.sort((x, y) => x.miles - y.miles);
}
