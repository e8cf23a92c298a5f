import { adminClient } from "../../../lib/api-clients";
import { staffLists, staffSend } from "../api/staff";
import { ActionButton, Notice, StaffListView, useActionNotice, useStaffList } from "./staff-kit";

/** Licences (first ones and renewals, with their file) and profile photos: approve, or reject with a comment the pro sees. */
export function ReviewsSection() {
  const list = useStaffList(staffLists.reviews, {});
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <Notice message={notice} />
      <StaffListView list={list} label="reviews" empty="No licence or photo waits for review.">
        {(items) => (
          <ul className="order-list">
            {items.map((r) => {
              const what = r.kind === "license" ? `${r.group_name} licence` : "profile photo";
              const send = (decision: "approve" | "reject") =>
                r.kind === "license"
                  ? staffSend(
                      adminClient.reviews[":id"].license[":group"].$post,
                      { param: { id: String(r.vendor_id), group: String(r.group_id) } },
                      { decision },
                    )
                  : staffSend(
                      adminClient.reviews[":id"][":kind"].$post,
                      { param: { id: String(r.vendor_id), kind: "photo" } },
                      { decision },
                    );
              return (
                <li
                  key={r.kind === "license" ? `l${r.vendor_id}:${r.group_id}` : `p${r.vendor_id}`}
                  className="card"
                  data-testid="review-item"
                >
                  <h3 className="card-title">{r.display_name}</h3>
                  <div className="order-actions">
                    {r.kind === "license" ? (
                      <span>
                        {r.renewal ? "Licence renewal" : "Licence"}: {r.group_name}, valid until{" "}
                        {new Date(r.expires_at).toISOString().slice(0, 10)}
                        {r.current_expires_at !== null &&
                          ` (current one until ${new Date(r.current_expires_at).toISOString().slice(0, 10)})`}
                        {" · "}
                        <a href={r.file_url} target="_blank" rel="noreferrer">
                          {r.file_type === "pdf" ? "Open the PDF" : "Open the picture"}
                        </a>
                        {r.file_type === "image" && (
                          <img src={r.file_url} alt={`${r.group_name} licence of ${r.display_name}`} width={160} />
                        )}
                      </span>
                    ) : (
                      <>
                        <span>Profile photo</span>
                        {r.photo && <img src={r.photo} alt="" width={64} height={64} />}
                      </>
                    )}
                    <ActionButton
                      label="Approve"
                      title={`Approve the ${what} of ${r.display_name}`}
                      send={send("approve")}
                      reasonField="comment"
                      reasonLabel="Comment (optional)"
                      reasonRequired={false}
                      onDone={done}
                    />
                    <ActionButton
                      label="Reject"
                      title={`Reject the ${what} of ${r.display_name}`}
                      send={send("reject")}
                      reasonField="comment"
                      reasonLabel="What the pro must fix (they see this)"
                      onDone={done}
                      danger
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
