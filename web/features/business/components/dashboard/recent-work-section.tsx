import type { VendorJobView } from "../../../../../schema/payloads/vendor-dashboard";
import { Section } from "./section";

/** Photos of the pro's recent jobs; each opens its job. */
export function RecentWorkSection({ photos, onOpen }: { photos: VendorJobView[]; onOpen(job: VendorJobView): void }) {
  return (
    <Section title="Recent work" id="biz-photos">
      <ul className="biz-photos" aria-label="Photos of recent jobs">
        {photos.map((j) => {
          const src = j.after[0] ?? j.testimonial[0] ?? j.before[0];
          return (
            <li key={j.service_order_id}>
              <button type="button" className="biz-photo" onClick={() => onOpen(j)}>
                {src && <img src={src} alt={`${j.service} for ${j.name}`} loading="lazy" />}
              </button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
