import { useEffect, useId, useState } from "react";
import { formatDay, splitLocal } from "../../../../domain/slot-format";
import type { VendorReview } from "../../../../schema/payloads/catalogue";
import { Rating } from "../../../components/ui/rating";
import { errorMessage } from "../../../lib/api-client";
import { useRequest } from "../../../lib/use-request";
import { getVendorReviews, type ReviewFilter } from "../api/get-vendor-reviews";

/**
 * A pro's reviews (POST /booking/vendor/reviews), newest first, 10 a page with "Load more", filtered to all,
 * those with photos, or one service.
 */
export function VendorReviews({
  vendorId,
  zip,
  services,
  total,
}: {
  vendorId: number;
  zip: string | null;
  services: Array<{ service_id: number; description: string }>;
  total?: number;
}) {
  const id = useId();
  const [filter, setFilter] = useState<ReviewFilter>(0);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<VendorReview[]>([]);
  const effectiveFilter: ReviewFilter = filter === 2 && !serviceId ? 0 : filter;
  const filterKey = `reviews:${vendorId}:${effectiveFilter}:${effectiveFilter === 2 ? serviceId : 0}`;

  useEffect(() => {
    setPage(1);
    setItems([]);
  }, [filterKey]);

  const list = useRequest(`${filterKey}:${page}`, async (signal) => ({
    forKey: filterKey,
    ...(await getVendorReviews(
      { vendorId, pagination: page, filterType: effectiveFilter, serviceId, serviceZip: zip },
      signal,
    )),
  }));
  useEffect(() => {
    const data = list.data;
    if (!data || data.forKey !== filterKey || data.page !== page) return;
    setItems((prev) => (data.page === 1 ? data.items : [...prev, ...data.items]));
  }, [list.data, filterKey, page]);

  const options: Array<{ value: ReviewFilter; label: string }> = [
    { value: 0, label: "All" },
    { value: 1, label: "With photos" },
    ...(services.length > 0 ? [{ value: 2 as const, label: "One service" }] : []),
  ];

  return (
    <section className="service-block" aria-labelledby={`${id}-title`}>
      <div className="service-block-head">
        <h2 className="service-block-title" id={`${id}-title`}>
          Reviews{total ? ` (${total})` : ""}
        </h2>
      </div>
      <div className="review-filters">
        <div className="segmented" role="group" aria-label="Show reviews">
          {options.map((o) => (
            <button
              key={o.value}
              type="button"
              className="chip"
              aria-pressed={filter === o.value}
              onClick={() => {
                setFilter(o.value);
                if (o.value === 2 && !serviceId) setServiceId(services[0]?.service_id ?? null);
              }}
            >
              {o.label}
            </button>
          ))}
        </div>
        {filter === 2 && (
          <div className="review-service">
            <label htmlFor={`${id}-svc`} className="visually-hidden">
              Service
            </label>
            <select
              id={`${id}-svc`}
              className="input select"
              value={serviceId ?? ""}
              onChange={(e) => setServiceId(Number(e.target.value) || null)}
            >
              {services.map((s) => (
                <option key={s.service_id} value={s.service_id}>
                  {s.description}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      {list.loading && items.length === 0 ? (
        <div className="review-list" aria-label="Loading reviews">
          {[0, 1].map((i) => (
            <div key={i} className="review" aria-hidden="true">
              <span className="skeleton" style={{ display: "block", height: 14, width: 120 }} />
              <span className="skeleton" style={{ display: "block", height: 14, width: "90%", marginTop: 12 }} />
            </div>
          ))}
        </div>
      ) : list.error && items.length === 0 ? (
        <p className="muted">
          {errorMessage(list.error)}{" "}
          <button type="button" className="link-button" onClick={list.reload}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="muted">{effectiveFilter === 0 ? "No reviews yet." : "No reviews match this filter yet."}</p>
      ) : (
        <>
          <ul className="review-list">
            {items.map((r) => (
              <li key={r.service_order_id} className="review">
                <div className="review-head">
                  <Rating value={r.vendor_rating} />
                  <span className="review-name">{r.name}</span>
                  <span className="muted review-meta">
                    {r.service_description}
                    {splitLocal(r.promised_arrival_time)
                      ? ` · ${formatDay(splitLocal(r.promised_arrival_time)!.date, { year: true })}`
                      : ""}
                  </span>
                </div>
                {r.vendor_rating_notes && <p className="review-text">{r.vendor_rating_notes}</p>}
                {r.job_images.length > 0 && (
                  <div className="testimonial-pics">
                    {r.job_images.slice(0, 3).map((img, n) => (
                      <img
                        key={`${img.file}-${n}`}
                        src={img.file}
                        alt={img.type === 2 ? "Before" : img.type === 1 ? "After" : "Photo from the visit"}
                        width={96}
                        height={72}
                        loading="lazy"
                      />
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {list.data?.more && (
            <div className="load-more">
              <button
                type="button"
                className="button button-secondary"
                disabled={list.loading}
                onClick={() => setPage((p) => p + 1)}
              >
                {list.loading ? "Loading…" : "Load more reviews"}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
