import { EARTH_RADIUS_MILES } from "../../../domain/location/distance";

/** Miles per degree of latitude on the sphere of docs/product.md section 9. */
export const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

export interface LatLngBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * A latitude/longitude box that contains every point within `miles` of the centre: the cheap index
 * pre-filter in D1 before the exact haversine distance in code. Longitude degrees shrink with cos(lat);
 * near the poles the box spans every longitude. Boxes are not split at the antimeridian (no US ZIP or
 * vendor range crosses it except the far Aleutians, which then match by latitude only on one side).
 */
export function boundingBox(lat: number, lng: number, miles: number): LatLngBox {
  const dLat = miles / MILES_PER_DEGREE;
  const cos = Math.cos((lat * Math.PI) / 180);
  const dLng = cos < 0.01 ? 180 : Math.min(180, miles / (MILES_PER_DEGREE * cos));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}
