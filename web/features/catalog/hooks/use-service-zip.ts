import { useLocation } from "@tanstack/react-router";
import { normalizeZip } from "../../../../domain/location-input";
import { useHydrated } from "../../../lib/use-hydrated";
import { usePageData } from "../../../lib/page-data";
import { settingsStore } from "../../../stores/settings-store";

/**
 * The ZIP the catalogue is priced for: the `zipcode` query parameter when it holds one (docs/product.md section 2), else
 * the stored setting. Before hydration it is the ZIP the server rendered the page for (its route loader read
 * the URL or the `zip` cookie the settings keep in step); when the server knew none, `ready` stays false
 * until hydration (the setting lives in the browser), so pages show their skeleton instead of a "set your
 * ZIP" flash.
 */
export function useServiceZip(): { zip: string | null; ready: boolean } {
  const hydrated = useHydrated();
  const page = usePageData();
  const stored = settingsStore.use((s) => s.zipcode);
  const fromUrl = useLocation({ select: (l) => normalizeZip((l.search as Record<string, unknown>).zipcode) });
  if (!hydrated) return page?.zip ? { zip: page.zip, ready: true } : { zip: null, ready: false };
  return { zip: fromUrl ?? stored ?? null, ready: true };
}
