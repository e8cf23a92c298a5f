import type { VendorJobView, VendorRequestView } from "../../../../../schema/payloads/vendor-dashboard";
import { formatLocalTime } from "../../../../lib/local-time";
import { Section } from "./section";

/** Clients' requests to move a job: the pro approves (the job moves) or refuses (it keeps its time). */
export function RescheduleRequestsSection({
  requests,
  busy,
  onOpen,
  onAnswer,
}: {
  requests: VendorRequestView[];
  busy: string | null;
  onOpen(job: VendorJobView): void;
  onAnswer(r: VendorRequestView, yes: boolean): void;
}) {
  return (
    <Section title="Reschedule requests" count={requests.length} id="biz-requests">
      <ul className="biz-list" aria-label="Reschedule requests">
        {requests.map((r) => (
          <li
            key={r.request_id}
            className="biz-job"
            data-testid="biz-request"
            data-service-order-id={r.service_order_id}
          >
            <button type="button" className="biz-job-main" onClick={() => onOpen(r.job)} aria-haspopup="dialog">
              <span className="biz-job-title">
                {r.job.service} for {r.job.name}
              </span>
              <span className="biz-job-meta">
                From {formatLocalTime(r.from, r.job.time_zone)} to{" "}
                <strong>{formatLocalTime(r.selectedDate, r.job.time_zone)}</strong>
                {r.new_job_minutes ? (
                  <>
                    {" "}
                    · <strong>now {r.new_job_minutes} min</strong>
                  </>
                ) : null}
                {r.reason && <> · “{r.reason}”</>}
              </span>
            </button>
            <div className="biz-job-actions">
              <button
                type="button"
                className="button button-primary button-sm"
                disabled={busy !== null}
                onClick={() => onAnswer(r, true)}
              >
                Approve
              </button>
              <button
                type="button"
                className="button button-ghost button-sm"
                disabled={busy !== null}
                onClick={() => onAnswer(r, false)}
              >
                Refuse
              </button>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
