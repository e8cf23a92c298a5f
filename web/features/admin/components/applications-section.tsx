import { useState } from "react";
import { formatPhone } from "../../../lib/format";
import { adminClient } from "../../../lib/api-clients";
import { staffLists, staffSend } from "../api/staff";
import { ActionButton, Notice, SearchBar, StaffListView, useActionNotice, useStaffList } from "./staff-kit";
import { day } from "./staff-format";

export function ApplicationsSection() {
  const [q, setQ] = useState("");
  const list = useStaffList(staffLists.applications, { q, status: "submitted" as const });
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <SearchBar label="Name, email, phone or ZIP" onSearch={setQ} />
      <Notice message={notice} />
      <StaffListView list={list} label="applications" empty="No application waits for a decision.">
        {(items) => (
          <ul className="order-list" data-testid="applications-list">
            {items.map((a) => {
              const application = adminClient.applications[":id"];
              const param = { id: String(a.application_id) };
              return (
                <li key={a.application_id} className="card">
                  <h3 className="card-title">{a.name}</h3>
                  <p className="muted">
                    {formatPhone(a.phone)} · {a.email} · ZIP {a.zipcode} · applied {day(a.created_at)}
                  </p>
                  <p>
                    {a.groups.map((g) => g.name).join(", ")} · within {a.radius_miles ?? "?"} miles of {a.zipcode} ·{" "}
                    {a.experience_years ?? "?"} years of experience
                  </p>
                  {a.about && <p>{a.about}</p>}
                  <div className="order-actions" data-testid="application-files">
                    {a.photo_url && (
                      <a href={a.photo_url} target="_blank" rel="noreferrer">
                        <img src={a.photo_url} alt={`Photo of ${a.name}`} width={96} height={96} />
                      </a>
                    )}
                    {a.licenses.map((l) => (
                      <span key={l.group_id}>
                        {l.group_name} licence {l.number} ({l.state}), valid until{" "}
                        {new Date(l.expires_at).toISOString().slice(0, 10)} ·{" "}
                        <a href={l.file_url} target="_blank" rel="noreferrer">
                          {l.file_type === "pdf" ? "Open the PDF" : "Open the picture"}
                        </a>
                        {l.file_type === "image" && (
                          <img src={l.file_url} alt={`${l.group_name} licence of ${a.name}`} width={160} />
                        )}
                      </span>
                    ))}
                  </div>
                  <div className="order-actions">
                    <ActionButton
                      label="Approve"
                      title={`Approve ${a.name}`}
                      send={staffSend(application.approve.$post, { param })}
                      onDone={done}
                      reasonLabel="Note (optional, kept in the audit log)"
                      reasonRequired={false}
                    />
                    <ActionButton
                      label="Reject"
                      title={`Reject ${a.name} (permanent)`}
                      send={staffSend(application.reject.$post, { param })}
                      onDone={done}
                      danger
                    />
                    <ActionButton
                      label="Silent reject"
                      title={`Silently reject ${a.name} (they keep seeing "pending")`}
                      send={staffSend(application["silent-reject"].$post, { param })}
                      onDone={done}
                    />
                    <ActionButton
                      label="Ignore"
                      title={`Ignore ${a.name} (they may apply again)`}
                      send={staffSend(application.ignore.$post, { param })}
                      onDone={done}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </StaffListView>
    </>
  );
}
