import { useState } from "react";
import { canReviewRatings } from "../../../../domain/staff-roles";
import { STAND_DOWN_EFFECT_FOR_STAFF } from "../../../../domain/vendor/account-policy";
import { FormError } from "../../../components/ui/field";
import { StaffTable } from "../../../components/ui/staff-table";
import { errorMessage } from "../../../lib/api-client";
import { formatCents, formatPhone } from "../../../lib/format";
import { useViewer } from "../../../stores/shell-context";
import {
  getCustomer,
  type ApplicationRow,
  type AuditRow,
  type CustomerDetail,
  type CustomerRow,
  type PayoutRow,
  type RatingRow,
  type ReviewRow,
  type VendorRow,
} from "../api/staff";
import { CustomerCharge } from "./staff-actions";
import { VendorDetailPanel } from "./vendor-detail";
import {
  ActionButton,
  proMessage,
  Notice,
  SearchBar,
  StaffListView,
  StateFilter,
  useActionNotice,
  useStaffList,
} from "./staff-kit";
import { asyncHandler } from "../../../lib/async-handler";

const day = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** Vendors: find by name, phone or ZIP; account actions by state (docs/product.md section 4 "Vendor account"). */
export function VendorsSection() {
  const [q, setQ] = useState("");
  const list = useStaffList<VendorRow>("/admin/vendors", { q });
  const { notice, done } = useActionNotice(list.reload);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      <SearchBar label="Name, phone or ZIP" onSearch={setQ} />
      <Notice message={notice} />
      <StaffListView list={list} label="vendors" empty="No vendor matches this search.">
        {(items) => (
          <StaffTable
            caption="Vendors"
            testId="vendors-table"
            rows={items}
            rowKey={(v) => v.vendor_id}
            columns={[
              {
                label: "Vendor",
                cell: (v) => (
                  <>
                    {v.display_name}
                    {v.user_name !== v.display_name && <div className="muted">{v.user_name}</div>}
                  </>
                ),
              },
              { label: "Phone", className: "mono", cell: (v) => formatPhone(v.phone) },
              { label: "ZIP", cell: (v) => v.base_zip ?? "—" },
              {
                label: "Status",
                cell: (v) => (
                  <>
                    <span className={`status-pill is-${v.status}`}>
                      {v.status === "deactivated" && v.deactivated_by === "pro" ? "paused by the pro" : v.status}
                    </span>
                    {v.reactivation_requested_at !== null && (
                      <div className="muted" data-testid="reactivation-request">
                        Asked to be reactivated on {day(v.reactivation_requested_at)}
                        {v.reactivation_note ? `: “${v.reactivation_note}”` : ""}
                      </div>
                    )}
                    {v.soft_banned ? <span className="status-pill is-failed">soft-banned</span> : null}
                    {v.payouts_paused ? <span className="status-pill">payouts paused</span> : null}
                  </>
                ),
              },
              { label: "Reliability", cell: (v) => v.reliability },
              {
                label: "Actions",
                cell: (v) => (
                  <VendorActions
                    v={v}
                    open={openId === v.vendor_id}
                    onOpen={() => setOpenId(v.vendor_id)}
                    done={done}
                  />
                ),
              },
            ]}
          />
        )}
      </StaffListView>
      {openId !== null && (
        <div id="vendor-detail">
          <VendorDetailPanel key={openId} vendorId={openId} onChanged={asyncHandler(list.reload)} />
        </div>
      )}
    </>
  );
}

/** A pro's account actions by state (worker/api/admin/vendors.ts), and the button that opens their detail. */
function VendorActions({
  v,
  open,
  onOpen,
  done,
}: {
  v: VendorRow;
  open: boolean;
  onOpen(): void;
  done(message: string): void;
}) {
  const path = `/admin/vendors/${v.vendor_id}`;
  const name = v.display_name;
  return (
    <div className="order-actions">
      <button
        type="button"
        className="button button-secondary button-sm"
        aria-expanded={open}
        aria-controls="vendor-detail"
        onClick={onOpen}
      >
        Services and payouts
      </button>
      {(v.status === "active" || (v.status === "deactivated" && v.deactivated_by === "pro")) && (
        <ActionButton
          label="Deactivate"
          title={`Deactivate ${name} (you can reactivate them later)`}
          path={`${path}/deactivate`}
          messages={[proMessage("vendor.deactivate")]}
          onDone={done}
        >
          <p data-testid="stand-down-effect">{STAND_DOWN_EFFECT_FOR_STAFF}</p>
        </ActionButton>
      )}
      {v.status === "deactivated" && (
        <ActionButton
          label="Reactivate"
          title={`Reactivate ${name}`}
          path={`${path}/reactivate`}
          messages={[proMessage("vendor.reactivate")]}
          onDone={done}
        />
      )}
      {v.status !== "terminated" && !v.soft_banned && (
        <ActionButton
          label="Soft ban"
          title={`Soft ban ${name} (reliability 1)`}
          path={`${path}/soft-ban`}
          messages={[proMessage("vendor.soft_ban")]}
          onDone={done}
        />
      )}
      {v.status !== "terminated" && (v.soft_banned || v.reliability !== 50) ? (
        <ActionButton
          label="Reset reliability"
          title={`Reset ${name}'s reliability to 50`}
          path={`${path}/reset-reliability`}
          onDone={done}
        />
      ) : null}
      {v.status !== "terminated" && (
        <ActionButton
          label="Terminate"
          title={`Terminate ${name}: irreversible. Payouts pause.`}
          path={`${path}/terminate`}
          messages={[proMessage("vendor.terminate")]}
          onDone={done}
          danger
        >
          <p data-testid="stand-down-effect">{STAND_DOWN_EFFECT_FOR_STAFF}</p>
        </ActionButton>
      )}
    </div>
  );
}

/** Applications: approve (worker/api/admin/applications.ts, issue 12), reject, silent reject, ignore. */
export function ApplicationsSection() {
  const [q, setQ] = useState("");
  const list = useStaffList<ApplicationRow>("/admin/applications", { q, status: "submitted" });
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <SearchBar label="Name, email, phone or ZIP" onSearch={setQ} />
      <Notice message={notice} />
      <StaffListView list={list} label="applications" empty="No application waits for a decision.">
        {(items) => (
          <ul className="order-list" data-testid="applications-list">
            {items.map((a) => {
              const path = `/admin/applications/${a.application_id}`;
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
                      path={`${path}/approve`}
                      onDone={done}
                      reasonLabel="Note (optional, kept in the audit log)"
                      reasonRequired={false}
                    />
                    <ActionButton
                      label="Reject"
                      title={`Reject ${a.name} (permanent)`}
                      path={`${path}/reject`}
                      onDone={done}
                      danger
                    />
                    <ActionButton
                      label="Silent reject"
                      title={`Silently reject ${a.name} (they keep seeing "pending")`}
                      path={`${path}/silent-reject`}
                      onDone={done}
                    />
                    <ActionButton
                      label="Ignore"
                      title={`Ignore ${a.name} (they may apply again)`}
                      path={`${path}/ignore`}
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

/** Licences (first ones and renewals, with their file) and profile photos: approve, or reject with a comment the pro sees. */
export function ReviewsSection() {
  const list = useStaffList<ReviewRow>("/admin/reviews", {});
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <Notice message={notice} />
      <StaffListView list={list} label="reviews" empty="No licence or photo waits for review.">
        {(items) => (
          <ul className="order-list">
            {items.map((r) => {
              const what = r.kind === "license" ? `${r.group_name} licence` : "profile photo";
              const path =
                r.kind === "license"
                  ? `/admin/reviews/${r.vendor_id}/license/${r.group_id}`
                  : `/admin/reviews/${r.vendor_id}/photo`;
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
                      path={path}
                      body={{ decision: "approve" }}
                      reasonField="comment"
                      reasonLabel="Comment (optional)"
                      reasonRequired={false}
                      onDone={done}
                    />
                    <ActionButton
                      label="Reject"
                      title={`Reject the ${what} of ${r.display_name}`}
                      path={path}
                      body={{ decision: "reject" }}
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

/** Held ratings (1 to 3 stars); a team lead or a manager decides, others only see the queue. */
export function RatingsSection() {
  const viewer = useViewer();
  const mayReview = viewer ? canReviewRatings(viewer) : false;
  const list = useStaffList<RatingRow>("/admin/ratings", {});
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
                      path={`/admin/ratings/${r.service_order_id}/approve`}
                      onDone={done}
                    />
                    <ActionButton
                      label="Reject rating"
                      title={`Reject the rating of job #${r.service_order_id}`}
                      path={`/admin/ratings/${r.service_order_id}/reject`}
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

/** Customers: find one, see their orders and credits. */
export function CustomersSection() {
  const [q, setQ] = useState("");
  const [detail, setDetail] = useState<CustomerDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useStaffList<CustomerRow>("/admin/customers", { q });
  return (
    <>
      <SearchBar label="Name, phone or email" onSearch={setQ} />
      <StaffListView list={list} label="customers" empty="No customer matches this search.">
        {(items) => (
          <StaffTable
            caption="Customers"
            rows={items}
            rowKey={(u) => u.user_id}
            columns={[
              { label: "Name", cell: (u) => u.name },
              { label: "Phone", className: "mono", cell: (u) => formatPhone(u.phone) },
              { label: "Email", cell: (u) => u.email },
              { label: "Credit", cell: (u) => formatCents(u.credit_balance_cents) },
              {
                label: "Details",
                hideLabel: true,
                cell: (u) => (
                  <button
                    type="button"
                    className="button button-secondary button-sm"
                    onClick={asyncHandler(async () => {
                      try {
                        setDetail(await getCustomer(u.user_id));
                        setError(null);
                      } catch (err) {
                        setError(errorMessage(err));
                      }
                    })}
                  >
                    Orders and credits
                  </button>
                ),
              },
            ]}
          />
        )}
      </StaffListView>
      <FormError message={error} />
      {detail && (
        <section className="card" aria-label={`${detail.name}'s orders and credits`}>
          <h2 className="card-title">{detail.name}</h2>
          <CustomerCharge key={detail.user_id} customer={detail} />
          <h3>Orders</h3>
          {detail.orders.length === 0 ? (
            <p className="muted">No orders.</p>
          ) : (
            <ul>
              {detail.orders.map((o) => (
                <li key={o.order_id}>
                  #{o.order_id} · {o.status} · {formatCents(o.total_cents)} · {day(o.created_at)}
                </li>
              ))}
            </ul>
          )}
          <h3>Credits</h3>
          {detail.credits.length === 0 ? (
            <p className="muted">No credit movements.</p>
          ) : (
            <ul>
              {detail.credits.map((c) => (
                <li key={c.entry_id}>
                  {formatCents(c.delta_cents)} · {c.reason} {c.note ? `· ${c.note}` : ""} · {day(c.created_at)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

/** Payouts and their state; a job's payout price adjusted within limits. */
export function PayoutsSection() {
  const [status, setStatus] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [jobId, setJobId] = useState("");
  const [dollars, setDollars] = useState("");
  const list = useStaffList<PayoutRow>("/admin/payouts", { status });
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
            path={`/admin/payouts/jobs/${jobId}/adjust`}
            body={{ payout_cents: cents }}
            onDone={setNotice}
          />
        )}
      </section>
    </>
  );
}

const show = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

/** The audit trail, newest first, filtered by action (a prefix like "vendor." works). */
export function AuditSection() {
  const [action, setAction] = useState("");
  const list = useStaffList<AuditRow>("/admin/audit", { action });
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
