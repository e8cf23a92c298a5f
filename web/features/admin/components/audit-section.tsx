import { useState } from "react";
import { StaffTable } from "../../../components/ui/staff-table";
import { staffLists } from "../api/staff";
import { SearchBar, StaffListView, useStaffList } from "./staff-kit";

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

/** The audit trail, newest first, filtered by action (a prefix like "vendor." works). */
export function AuditSection() {
  const [action, setAction] = useState("");
  const list = useStaffList(staffLists.audit, { action });
  return (
    <>
      <SearchBar label='Action, e.g. "vendor." or "rating.approve"' onSearch={setAction} />
      <StaffListView list={list} label="audit entries" empty="No audit entry matches.">
        {(items) => (
          <StaffTable
            caption="Audit log"
            testId="audit-table"
            rows={items}
            rowKey={(a) => a.id}
            columns={[
              {
                label: "When",
                className: "mono",
                cell: (a) => <time dateTime={a.created_at}>{new Date(a.created_at).toLocaleString("en-US")}</time>,
              },
              { label: "Who", cell: (a) => a.actor_name ?? a.actor_user_id ?? "—" },
              { label: "Action", className: "mono", cell: (a) => a.action },
              { label: "Target", cell: (a) => `${a.target_type} ${a.target_id ?? ""}` },
              {
                label: "Before → after",
                className: "body-cell mono",
                cell: (a) => `${show(a.before_value)} → ${show(a.after_value)}`,
              },
              { label: "Reason", className: "body-cell", cell: (a) => a.reason ?? "—" },
            ]}
          />
        )}
      </StaffListView>
    </>
  );
}
