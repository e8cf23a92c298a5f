/**
 * Which chrome a path gets (docs/product.md section 2 "Layout rules"). Rendered on the server from the path alone, so
 * the first paint has the right header; mobile-only differences are CSS classes, not JS, to avoid shifts.
 */
export type HeaderKind = "main" | "connect" | "blog" | "admin" | "none";

export interface LayoutSpec {
  header: HeaderKind;
  /** Checkout: the default header on desktop, a "Back to Cart" header on mobile. */
  checkout: boolean;
  footer: "show" | "hide" | "desktop-only";
}

const within = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

export function layoutFor(pathname: string): LayoutSpec {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  // A reschedule's price difference (decision 067) belongs to the reschedule area: its own bar, no cart header.
  if (within(path, "/checkout/reschedule") || within(path, "/checkout/reschedule-complete"))
    return { header: "none", checkout: false, footer: "hide" };
  if (within(path, "/checkout")) return { header: "main", checkout: true, footer: "desktop-only" };
  if (["/business", "/pay", "/subscription", "/reschedule", "/serviceinfo", "/services"].some((a) => within(path, a)))
    return { header: "none", checkout: false, footer: "hide" };
  if (within(path, "/admin")) return { header: "admin", checkout: false, footer: "hide" };
  if (within(path, "/blogs")) return { header: "blog", checkout: false, footer: "hide" };
  if (within(path, "/connect")) return { header: "connect", checkout: false, footer: "show" };
  return { header: "main", checkout: false, footer: "show" };
}
