import { useCallback, useEffect, useState } from "react";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { AppLink } from "../../../components/ui/app-link";
import { ApiError } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { fetchJobActions } from "./api";
import { CompletionChecklist } from "./completion-checklist";
import { DayOfActions } from "./day-of-actions";
import { JobPhotos } from "./job-photos";
import { MoneyActions } from "./money-actions";
import { ProductSaleSection } from "./product-sale";
import { ProposeTime } from "./propose-time";
import { VisitSteps } from "./visit-steps";

/**
 * Everything a pro does on an accepted job, for the dashboard's job-detail modal: pictures, completion
 * checklist, charges and refunds, reaching the client, client unreachable, giving the job back. Mount it with
 * the job's id; `onChanged` runs after every change so the dashboard can refetch its lists.
 */
export function JobActions({ service_order_id, onChanged }: { service_order_id: number; onChanged?: () => void }) {
  const [view, setView] = useState<JobActionsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The pro gave this job back, or staff moved it: it is no longer theirs, so none of its actions show
  // (decision 130).
  const [givenBack, setGivenBack] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setView(await fetchJobActions(service_order_id));
      setError(null);
      setGivenBack(null);
    } catch (err) {
      if (err instanceof ApiError && (err.code === "JOB_GIVEN_BACK" || err.code === "JOB_MOVED_BY_STAFF")) {
        setView(null);
        setGivenBack(err.message);
        return;
      }
      setError(err instanceof ApiError ? err.message : "We couldn't load this job. Please try again.");
    }
  }, [service_order_id]);
  useEffect(() => {
    void load();
  }, [load]);
  const changed = useCallback(() => {
    void load();
    onChanged?.();
  }, [load, onChanged]);

  if (givenBack) {
    return (
      <div className="job-actions modal-stack" data-testid="job-given-back">
        <p className="job-summary-title">
          <span className="status-pill is-failed">No longer yours</span>
        </p>
        <p role="status">{givenBack}</p>
        <p className="muted">
          It has left your calendar and your upcoming jobs. <AppLink href="/business">Back to your dashboard</AppLink>
        </p>
      </div>
    );
  }
  if (error && !view) {
    return (
      <div className="form-error" role="alert">
        {error}{" "}
        <button type="button" className="button button-ghost button-sm" onClick={() => void load()}>
          Retry
        </button>
      </div>
    );
  }
  if (!view) return <p aria-busy="true">Loading job…</p>;
  const cancelled = view.service_order_status_id === 50;
  return (
    <div className="job-actions modal-stack" data-testid="job-actions">
      <section className="job-actions-section job-summary" aria-label="This job">
        <p className="job-summary-title">
          {view.description}
          {view.is_connect && <span className="status-pill">Business</span>}
          {view.completed && <span className="status-pill is-active">Completed</span>}
          {cancelled && <span className="status-pill is-failed">Cancelled</span>}
        </p>
        <p className="muted">
          {formatLocalTime(view.promised_arrival_time)} · {view.job_minutes} min · {view.customer.first_name} ·{" "}
          {formatCents(view.price_cents)}
        </p>
      </section>
      {cancelled ? (
        <p>This job was cancelled.</p>
      ) : (
        <>
          <VisitSteps view={view} onChanged={changed} />
          <JobPhotos view={view} onChanged={changed} />
          <CompletionChecklist view={view} onChanged={changed} />
          <MoneyActions view={view} onChanged={changed} />
          <ProductSaleSection view={view} onChanged={changed} />
          <ProposeTime view={view} onChanged={changed} />
          <DayOfActions view={view} onChanged={changed} />
        </>
      )}
    </div>
  );
}
