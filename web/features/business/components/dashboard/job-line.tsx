import type { ReactNode } from "react";
import type { VendorJobView } from "../../../../../schema/payloads/vendor-dashboard";
import { formatCents } from "../../../../lib/format";
import { formatLocalTime } from "../../../../lib/local-time";

/** One job or offer in a dashboard list: a button opening its details, and its actions beside it. */
export function JobLine({ job, onOpen, children }: { job: VendorJobView; onOpen(): void; children?: ReactNode }) {
  return (
    <li className="biz-job" data-testid="biz-job" data-service-order-id={job.service_order_id}>
      <button type="button" className="biz-job-main" onClick={onOpen} aria-haspopup="dialog">
        <span className="biz-job-time">{formatLocalTime(job.promised_arrival_time, job.time_zone)}</span>
        <span className="biz-job-title">
          {job.service}
          {job.is_connect && <span className="status-tag">Business</span>}
        </span>
        <span className="biz-job-meta">
          {job.name} · {job.address} · {job.job_minutes} min · you earn {formatCents(job.pay_cents)}
        </span>
        {job.proposal && (
          <span className="biz-job-waiting" data-testid="waiting-for-client">
            Waiting for client: you proposed {formatLocalTime(job.proposal.selectedDate, job.time_zone)}
          </span>
        )}
      </button>
      {children && <div className="biz-job-actions">{children}</div>}
    </li>
  );
}
