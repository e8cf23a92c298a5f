import { useState } from "react";
import type { StaffAddedChargeView } from "../../../../schema/contracts/added-charges";
import { StaffTable } from "../../../components/ui/staff-table";
import { formatCents } from "../../../lib/format";
import { ActionButton, Notice, StaffListView, StateFilter, useActionNotice, useStaffList } from "./staff-kit";
import { adminClient } from "../../../lib/api-clients";
import { staffLists, staffSend } from "../api/staff";

const STATUS: Record<StaffAddedChargeView["status"], string> = {
  succeeded: "paid",
  awaiting_approval: "awaiting approval",
  declined: "declined",
  withdrawn: "withdrawn",
  pending: "pending",
  failed: "failed",
};

/**
 * Charges pros added to their jobs (docs/decisions/116): how each was taken (within the policy, or approved by the
 * customer), the customers' disputes, and a refund of one (audited; the pro's share comes off their pay).
 */
export function AddedChargesSection() {
  const [disputed, setDisputed] = useState<"0" | "1">("1");
  const list = useStaffList(staffLists.addedCharges, { disputed });
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <StateFilter
        label="Show"
        value={disputed}
        onChange={setDisputed}
        options={[
          ["1", "Disputed"],
          ["0", "All added charges"],
        ]}
      />
      <Notice message={notice} />
      <StaffListView list={list} label="added charges" empty="No added charge here.">
        {(items) => (
          <StaffTable
            caption="Added charges"
            testId="added-charges-table"
            rows={items}
            rowKey={(c) => c.adjustment_id}
            columns={[
              { label: "Job", cell: (c) => `#${c.service_order_id}` },
              { label: "Pro", cell: (c) => c.vendor_name },
              { label: "Client", cell: (c) => c.customer_name },
              {
                label: "Charge",
                className: "body-cell",
                cell: (c) => (
                  <>
                    {formatCents(c.amount_cents)} for {c.description}
                    <div className="muted">
                      {c.consent === "auto"
                        ? `within the policy (cap ${formatCents(c.job_cap_cents)} on a ${formatCents(c.job_price_cents)} job)`
                        : "sent to the client to approve"}
                    </div>
                  </>
                ),
              },
              {
                label: "State",
                cell: (c) => (
                  <>
                    <span className={`status-pill is-${c.status}`}>{STATUS[c.status]}</span>
                    {c.refund_status !== "none" && <div className="muted">refund {c.refund_status}</div>}
                  </>
                ),
              },
              {
                label: "Dispute",
                className: "body-cell",
                cell: (c) => (c.dispute_reason ? `“${c.dispute_reason}”` : "—"),
              },
              {
                label: "Actions",
                hideLabel: true,
                cell: (c) =>
                  c.may_refund ? (
                    <ActionButton
                      label="Refund"
                      title={`Refund ${formatCents(c.amount_cents)} to ${c.customer_name}`}
                      send={staffSend(adminClient["added-charges"][":id"].refund.$post, {
                        param: { id: String(c.adjustment_id) },
                      })}
                      onDone={done}
                      danger
                    />
                  ) : null,
              },
            ]}
          />
        )}
      </StaffListView>
    </>
  );
}
