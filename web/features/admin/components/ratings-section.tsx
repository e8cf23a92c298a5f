import { canReviewRatings } from "../../../../domain/staff-roles";
import { useViewer } from "../../../stores/shell-context";
import { adminClient } from "../../../lib/api-clients";
import { staffLists, staffSend } from "../api/staff";
import { ActionButton, Notice, StaffListView, useActionNotice, useStaffList } from "./staff-kit";
import { day } from "./staff-format";

/** Held ratings (1 to 3 stars); a team lead or a manager decides, others only see the queue. */
export function RatingsSection() {
  const viewer = useViewer();
  const mayReview = viewer ? canReviewRatings(viewer) : false;
  const list = useStaffList(staffLists.ratings, {});
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      {!mayReview && <p className="info-callout">A team lead or a manager approves or rejects these ratings.</p>}
      <Notice message={notice} />
      <StaffListView list={list} label="ratings" empty="No rating waits for approval.">
        {(items) => (
          <ul className="order-list" data-testid="ratings-list">
            {items.map((r) => (
              <li key={r.service_order_id} className="card">
                <h3 className="card-title">
                  {r.vendor_rating} {r.vendor_rating === 1 ? "star" : "stars"} for {r.vendor_name}
                </h3>
                <p className="muted">
                  {r.service} · by {r.customer_name} · job #{r.service_order_id} · {day(r.rated_at)}
                </p>
                {r.vendor_rating_notes && <p>{r.vendor_rating_notes}</p>}
                {mayReview && (
                  <div className="order-actions">
                    <ActionButton
                      label="Approve rating"
                      title={`Approve the ${r.vendor_rating}-star rating of job #${r.service_order_id}`}
                      send={staffSend(adminClient.ratings[":id"].approve.$post, {
                        param: { id: String(r.service_order_id) },
                      })}
                      onDone={done}
                    />
                    <ActionButton
                      label="Reject rating"
                      title={`Reject the rating of job #${r.service_order_id}`}
                      send={staffSend(adminClient.ratings[":id"].reject.$post, {
                        param: { id: String(r.service_order_id) },
                      })}
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
