import type { TestimonialCard } from "../../../../schema/payloads/catalogue";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

/** GET /api/testimonials?serviceId&scgid: at most 2 for the service, the current category's first (docs/product.md section 4). */
export function getTestimonials(
  serviceId: number,
  scgid: number | null,
  signal?: AbortSignal,
  via?: ApiFetch,
): Promise<TestimonialCard[]> {
  const q = new URLSearchParams({ serviceId: String(serviceId) });
  if (scgid) q.set("scgid", String(scgid));
  return apiRequest<TestimonialCard[]>(`/testimonials?${q}`, { signal, via });
}
