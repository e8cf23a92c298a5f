import { useState } from "react";
import { adminClient } from "../../../lib/api-clients";
import { staffLists, staffSend } from "../api/staff";
import {
  ActionButton,
  Notice,
  SearchBar,
  StaffListView,
  StateFilter,
  useActionNotice,
  useStaffList,
} from "./staff-kit";
import { day } from "./staff-format";

/** Exceptions: a pro asks to lift the reliability penalty of a job they gave back; approve or deny. */
export function ExceptionsSection() {
  const [status, setStatus] = useState<"pending" | "approved" | "denied">("pending");
  const [q, setQ] = useState("");
  const list = useStaffList(staffLists.exceptions, { status, q });
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <StateFilter
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        options={[
          ["pending", "Waiting"],
          ["approved", "Approved"],
          ["denied", "Denied"],
        ]}
      />
      <SearchBar label="Pro's name" onSearch={setQ} />
      <Notice message={notice} />
      <StaffListView list={list} label="exceptions" empty="No exception in this state.">
        {(items) => (
          <ul className="order-list" data-testid="exceptions-list">
            {items.map((e) => (
              <li key={e.exception_id} className="card">
                <h3 className="card-title">
                  {e.vendor_name}: {e.penalty} points for{" "}
                  {e.kind === "emergency_reschedule" ? "an emergency" : "a job they could not do"}
                </h3>
                <p className="muted">
                  {e.service} · job #{e.service_order_id} · reliability now {e.reliability} · asked {day(e.created_at)}
                </p>
                <p>{e.explanation}</p>
                {e.decision_note && <p className="muted">Decision: {e.decision_note}</p>}
                {e.status === "pending" && (
                  <div className="order-actions">
                    <ActionButton
                      label="Approve"
                      title={`Give ${e.vendor_name} their ${e.penalty} points back`}
                      send={staffSend(adminClient.exceptions[":id"].approve.$post, {
                        param: { id: String(e.exception_id) },
                      })}
                      onDone={done}
                    />
                    <ActionButton
                      label="Deny"
                      title={`Deny ${e.vendor_name}'s exception`}
                      send={staffSend(adminClient.exceptions[":id"].deny.$post, {
                        param: { id: String(e.exception_id) },
                      })}
                      reasonLabel="Why (the pro sees this)"
                      onDone={done}
                      danger
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </StaffListView>
    </>
  );
}
