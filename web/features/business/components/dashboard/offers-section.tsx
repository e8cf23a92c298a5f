import type { VendorOfferView } from "../../../../../schema/payloads/vendor-dashboard";
import { EmptyState } from "../../../../components/layout/page";
import { SparkleIcon } from "../../../../components/ui/icons";
import type { RemovedOffer } from "../../hooks/use-dashboard-actions";
import { JobLine } from "./job-line";
import { Section } from "./section";

/** The offers open to the pro, with those whose accept was just refused and why (decision 129). */
export function OffersSection({
  offers,
  removed,
  busy,
  onOpen,
  onAccept,
  onDecline,
}: {
  offers: VendorOfferView[];
  removed: RemovedOffer[];
  busy: string | null;
  onOpen(o: VendorOfferView): void;
  onAccept(o: VendorOfferView): void;
  onDecline(o: VendorOfferView): void;
}) {
  return (
    <Section title="Job offers" count={offers.length} id="biz-offers">
      {removed.length > 0 && (
        <ul className="biz-notes" aria-label="Offers no longer open" data-testid="offers-removed">
          {removed.map((r) => (
            <li key={r.id} className="biz-note sev-1" data-testid="offer-removed">
              <span>
                {r.service}: {r.why}
              </span>
            </li>
          ))}
        </ul>
      )}
      {offers.length === 0 ? (
        <EmptyState
          icon={<SparkleIcon size={28} />}
          title="No job offers right now"
          steps={[{ label: "Open calendar", href: "/business/calendar", primary: true }]}
        >
          <p>
            New offers near you appear here the moment a client books, without reloading. Keep your hours up to date so
            you're offered the times that suit you.
          </p>
        </EmptyState>
      ) : (
        <ul className="biz-list" aria-label="Job offers" data-testid="offer-list">
          {offers.map((o) => (
            <JobLine key={o.service_order_id} job={o} onOpen={() => onOpen(o)}>
              {o.expires_at && (
                <span className="muted biz-expiry">
                  Offer ends {new Date(o.expires_at).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}
                </span>
              )}
              <button
                type="button"
                className="button button-primary button-sm"
                disabled={busy !== null}
                onClick={() => onAccept(o)}
                data-testid="offer-accept"
              >
                {busy === `accept:${o.service_order_id}` ? "Accepting…" : "Accept"}
              </button>
              <button
                type="button"
                className="button button-ghost button-sm"
                disabled={busy !== null}
                onClick={() => onDecline(o)}
                aria-haspopup="dialog"
                data-testid="offer-decline"
              >
                Decline
              </button>
            </JobLine>
          ))}
        </ul>
      )}
    </Section>
  );
}
