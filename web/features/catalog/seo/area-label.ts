import type { VendorPublicPage } from "../../../../schema/payloads/catalogue";

// Apart from the page's component: the pro page's head() needs it, and a route's head() is in every page's
// first bundle (docs/decisions/176).

/** "Chicago, IL 60614" / "60614" / null: where a pro's base is. */
export function areaLabel(area: VendorPublicPage["area"]): string | null {
  const place = [area.city, area.state].filter(Boolean).join(", ");
  return [place, area.zip].filter(Boolean).join(" ") || null;
}
