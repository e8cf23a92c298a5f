import { useState } from "react";
import { StaffTable } from "../../../components/ui/staff-table";
import { formatCents } from "../../../lib/format";
import { adminClient } from "../../../lib/api-clients";
import { staffLists, staffSend } from "../api/staff";
import { ActionButton, Notice, StaffListView, StateFilter, useStaffList } from "./staff-kit";
import { day } from "./staff-format";

/** Payouts and their state; a job's payout price adjusted within limits. */
export function PayoutsSection() {
  const [status, setStatus] = useState<"" | "pending" | "paid" | "failed" | "canceled">("");
  const [notice, setNotice] = useState<string | null>(null);
  const [jobId, setJobId] = useState("");
  const [dollars, setDollars] = useState("");
  const list = useStaffList(staffLists.payouts, { status });
  const cents = Math.round(Number(dollars) * 100);
  return (
    <>
      <StateFilter
        value={status}
        onChange={setStatus}
        options={[
          ["", "All"],
          ["pending", "Pending"],
          ["paid", "Paid"],
          ["failed", "Failed"],
          ["canceled", "Canceled"],
        ]}
      />
      <StaffListView list={list} label="payouts" empty="No payouts in this state.">
        {(items) => (
          <StaffTable
            caption="Payouts"
            rows={items}
            rowKey={(p) => p.payout_id}
            columns={[
              { label: "#", cell: (p) => p.payout_id },
              { label: "Vendor", cell: (p) => p.vendor_name },
              { label: "Amount", cell: (p) => formatCents(p.amount_cents) },
              { label: "Kind", cell: (p) => p.kind },
              {
                label: "State",
                cell: (p) => (
                  <>
                    <span className={`status-pill is-${p.status}`}>{p.status}</span>
                    {p.failure_reason && <div className="muted">{p.failure_reason}</div>}
                  </>
                ),
              },
              { label: "Created", cell: (p) => day(p.created_at) },
            ]}
          />
        )}
      </StaffListView>
      <section className="card staff-section" aria-labelledby="adjust-title">
        <h2 id="adjust-title" className="card-title">
          Adjust a job's payout
        </h2>
        <p className="muted">Up to $100.00 either way, never more than the client pays for the job.</p>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="adjust-job" className="field-label">
              Job number
            </label>
            <input
              id="adjust-job"
              className="input"
              inputMode="numeric"
              value={jobId}
              onChange={(e) => setJobId(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="adjust-amount" className="field-label">
              New payout ($)
            </label>
            <input
              id="adjust-amount"
              className="input"
              inputMode="decimal"
              value={dollars}
              onChange={(e) => setDollars(e.target.value)}
            />
          </div>
        </div>
        <Notice message={notice} />
        {/^\d+$/.test(jobId) && Number.isFinite(cents) && dollars !== "" && (
          <ActionButton
            label="Adjust payout"
            title={`Set job #${jobId}'s payout to ${formatCents(cents)}`}
            send={staffSend(
              adminClient.payouts.jobs[":id"].adjust.$post,
              { param: { id: String(jobId) } },
              { payout_cents: cents },
            )}
            onDone={setNotice}
          />
        )}
      </section>
    </>
  );
}
