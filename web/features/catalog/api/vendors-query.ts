import type { VendorsList } from "../../../../schema/payloads/catalogue";
import type { NavCategory } from "../../../../schema/payloads/shell";
import type { ApiFetch } from "../../../lib/api-client";
import { getVendorsList, type VendorSort } from "./get-vendors-list";

/**
 * What a /vendors URL asks for, shared by the page and its route loader. Kept apart from the page's
 * component so the route file (in every page's first bundle) does not pull the page in.
 */
export const SORTS: Array<{ value: VendorSort; label: string }> = [
  { value: "distance", label: "Nearest" },
  { value: "rating", label: "Top rated" },
  { value: "reviews", label: "Most reviewed" },
  { value: "price", label: "Lowest price" },
];

function positive(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The list a /vendors URL asks for: filters from the query, and the useRequest key of its first page. */
export function vendorsQuery(
  params: Record<string, unknown>,
  categories: NavCategory[],
  zip: string | null,
): { scgid: number | null; serviceId: number | null; sort: VendorSort; filterKey: string | null } {
  const serviceId = positive(params.serviceId);
  const categoryOfService = serviceId
    ? categories.find((c) => c.services.some((s) => s.service_id === serviceId))?.service_code_group_id
    : undefined;
  const scgid = positive(params.scgid) ?? categoryOfService ?? null;
  const sort: VendorSort = SORTS.some((s) => s.value === params.sort) ? (params.sort as VendorSort) : "distance";
  // Pages accumulate for "Load more"; a new filter starts again at page 1.
  const filterKey = zip ? `vendors:${zip}:${scgid ?? 0}:${serviceId ?? 0}:${sort}` : null;
  return { scgid, serviceId, sort, filterKey };
}

/** The first page of a /vendors list, as the page's useRequest keeps it (its key is `${filterKey}:1`). */
export async function loadVendorsFirstPage(
  q: ReturnType<typeof vendorsQuery>,
  zip: string,
  via?: ApiFetch,
): Promise<VendorsList & { forKey: string | null }> {
  const list = await getVendorsList(
    { zipCode: zip, scgid: q.scgid, serviceId: q.serviceId, sort: q.sort, pagination: 1 },
    { via },
  );
  return { forKey: q.filterKey, ...list };
}
