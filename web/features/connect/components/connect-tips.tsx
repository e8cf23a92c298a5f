import { useId, useState } from "react";
import { formatLocalDateTime } from "../../../../domain/slot-format";
import { StaffTable } from "../../../components/ui/staff-table";
import { formatCents } from "../../../lib/format";
import { StaffListView, StateFilter, useStaffList } from "../../admin/components/staff-kit";
import { staffLists } from "../../admin/api/staff";

/** /connect/admin: tips on business jobs (the secure-pay link or the client), newest first. */
export function ConnectTips() {
  const [status, setStatus] = useState<"" | "pending" | "succeeded" | "failed">("");
  const list = useStaffList(staffLists.connectTips, { status });
  const id = useId();
  return (
    <section className="staff-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Connect tips</h2>
      <StateFilter
        value={status}
        onChange={setStatus}
        options={[
          ["", "All"],
          ["succeeded", "Paid"],
          ["pending", "Pending"],
          ["failed", "Failed"],
        ]}
      />
      <StaffListView list={list} label="connect tips" empty="No tips on business jobs yet.">
        {(items) => (
          <StaffTable
            caption="Tips on business jobs"
            testId="connect-tips"
            rows={items}
            rowKey={(t) => t.tip_id}
            columns={[
              {
                label: "Job",
                cell: (t) => (
                  <>
                    #{t.service_order_id} · {t.service}
                    <div className="muted">{formatLocalDateTime(t.local_time)}</div>
                  </>
                ),
              },
              { label: "Pro", cell: (t) => t.vendor_name ?? "—" },
              { label: "Tip", cell: (t) => formatCents(t.amount_cents) },
              { label: "From", cell: (t) => (t.source === "secure_pay" ? "Secure-pay link" : "Client") },
              { label: "State", cell: (t) => <span className={`status-pill is-${t.status}`}>{t.status}</span> },
            ]}
          />
        )}
      </StaffListView>
    </section>
  );
}
