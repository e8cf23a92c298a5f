import type { VendorJobView, VendorOfferView } from "../../../../schema/payloads/vendor-dashboard";
import { formatTime12 } from "../../../../domain/slot-format";
import { Dialog } from "../../../components/ui/dialog";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";

/** The vendor job-detail modal (docs/product.md section 2 "Modals"): client, address, service, time, price and pay,
 * and, once the job is the pro's, the client's notes. */
export function JobDetailModal({
  job,
  onClose,
  actions,
}: {
  job: VendorJobView | VendorOfferView | null;
  onClose(): void;
  /** Buttons for what the pro can do with it (accept an offer, confirm a schedule). */
  actions?: React.ReactNode;
}) {
  const isOffer = job !== null && "expires_at" in job;
  return (
    <Dialog open={job !== null} onClose={onClose} title={job ? job.service : "Job"} size="md" testId="job-detail-modal">
      {job && (
        <div className="job-detail">
          <dl className="job-facts">
            <div>
              <dt>When</dt>
              <dd>
                {formatLocalTime(job.promised_arrival_time, job.time_zone)} to {formatTime12(job.end_time)} (
                {job.job_minutes} min)
              </dd>
            </div>
            <div>
              <dt>Client</dt>
              <dd className="job-client">
                <img src={job.photo} alt="" width={32} height={32} />
                {job.name}
              </dd>
            </div>
            <div>
              <dt>{isOffer ? "Area" : "Address"}</dt>
              <dd>
                {job.address}
                {isOffer && <span className="muted"> (the full address shows once you accept)</span>}
              </dd>
            </div>
            <div>
              <dt>Service</dt>
              <dd>
                {job.service}
                {job.is_connect && <span className="status-tag">Business</span>}
              </dd>
            </div>
            <div>
              <dt>Client pays</dt>
              <dd>{formatCents(job.price_cents)}</dd>
            </div>
            <div>
              <dt>Your pay</dt>
              <dd>
                <strong>{formatCents(job.pay_cents)}</strong>
                {job.tip_cents > 0 && <span> + {formatCents(job.tip_cents)} tip</span>}
              </dd>
            </div>
            {!isOffer && (
              <div>
                <dt>Notes</dt>
                <dd className="job-notes" data-testid="job-notes">
                  {job.notes ?? <span className="muted">No notes from the client.</span>}
                </dd>
              </div>
            )}
            {!isOffer && (
              <div>
                <dt>Schedule</dt>
                <dd>
                  {job.scheduled_status === 1 ? "Confirmed" : "Waiting for your confirmation"}
                  {"proposal" in job && job.proposal && (
                    <strong className="biz-job-waiting" data-testid="modal-waiting-for-client">
                      Waiting for client: you proposed {formatLocalTime(job.proposal.selectedDate, job.time_zone)}
                    </strong>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <div className="form-actions">
            <a className="button button-secondary" href={job.directions_url} target="_blank" rel="noopener noreferrer">
              Directions
            </a>
            {!isOffer && (
              <a className="button button-secondary" href={`/business/jobs/${job.service_order_id}`}>
                Photos, charges and completion
              </a>
            )}
            {actions}
          </div>
        </div>
      )}
    </Dialog>
  );
}
