import { haversineMiles, type LatLng } from "../location/distance";

/**
 * Service range rules (docs/product.md section 8 "Service-range error"; docs/decisions/082-service-range.md). A range
 * is a base point (a ZIP's centre) and a radius in whole miles. A new range is refused as "too similar"
 * when it would change almost nothing: its centre is within MIN_CENTRE_MOVE_MILES of the current one and
 * its radius differs by less than MIN_RADIUS_CHANGE_MILES. Any real move or a radius change of at least a
 * mile is accepted.
 */
export const MIN_RANGE_MILES = 1;
export const MAX_RANGE_MILES = 50;
export const MIN_CENTRE_MOVE_MILES = 1;
export const MIN_RADIUS_CHANGE_MILES = 1;

export interface ServiceRange {
  centre: LatLng;
  radius_miles: number;
}

export function isValidRadius(miles: number): boolean {
  return Number.isInteger(miles) && miles >= MIN_RANGE_MILES && miles <= MAX_RANGE_MILES;
}

export function isRangeTooSimilar(previous: ServiceRange | null, next: ServiceRange): boolean {
  if (!previous) return false;
  const moved = haversineMiles(previous.centre, next.centre);
  return moved < MIN_CENTRE_MOVE_MILES && Math.abs(previous.radius_miles - next.radius_miles) < MIN_RADIUS_CHANGE_MILES;
}
