import { useId, useState } from "react";
import { disputeStatusLabel } from "../../../../domain/disputes";
import { messageFor } from "../../../../domain/messages";
import type { StaffDisputeDetail } from "../../../../schema/contracts/disputes";
import { FormError } from "../../../components/ui/field";
import { StaffTable } from "../../../components/ui/staff-table";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { getDispute, staffLists, submitDisputeEvidence } from "../api/staff";
import { Notice, StaffListView, StateFilter, useActionNotice, useStaffList } from "./staff-kit";

const FILTERS: ["open" | "closed" | "all", string][] = [
  ["open", "Open"],
  ["closed", "Decided"],
  ["all", "All"],
];

function day(ms: number | null): string {
  return ms === null
    ? "—"
    : new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/**
 * Customers' card disputes (docs/decisions/148-disputes.md): open ones by the date the evidence is due, and one
 * dispute's page with the job, the pro and what speaks for the visit (photos, checklist, texts), where staff send
 * the evidence to the processor.
 */
export function DisputesSection() {
  const [state, setState] = useState<"open" | "closed" | "all">("open");
  const list = useStaffList(staffLists.disputes, { state });
  const [detail, setDetail] = useState<StaffDisputeDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async (id: string) => {
    try {
      setDetail(await getDispute(id));
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const { notice, done } = useActionNotice(() => Promise.all([list.reload(), detail ? open(detail.id) : undefined]));
  return (
    <>
      <StateFilter label="Show" value={state} onChange={setState} options={FILTERS} />
      <Notice message={notice} />
      <FormError message={error} />
      <StaffListView list={list} label="disputes" empty="No dispute here.">
        {(items) => (
          <StaffTable
            caption="Card disputes"
            testId="disputes-table"
            rows={items}
            rowKey={(d) => d.id}
            columns={[
              {
                label: "Dispute",
                cell: (d) => (
                  <button type="button" className="link-button" onClick={() => void open(d.id)}>
                    {d.service_order_id ? `Job #${d.service_order_id}` : d.id}
                  </button>
                ),
              },
              {
                label: "Status",
                cell: (d) => <span className={`status-pill is-${d.status}`}>{disputeStatusLabel(d.status)}</span>,
              },
              { label: "Amount", cell: (d) => formatCents(d.amount_cents) },
              { label: "Reason", cell: (d) => d.reason.replaceAll("_", " ") },
              { label: "Evidence due", cell: (d) => (d.evidence_submitted_at ? "sent" : day(d.due_by)) },
              { label: "Customer", cell: (d) => d.customer_name ?? "—" },
              { label: "Pro", cell: (d) => d.vendor_name ?? "—" },
            ]}
          />
        )}
      </StaffListView>
      {detail && <DisputeDetail detail={detail} onSent={done} />}
    </>
  );
}

function DisputeDetail({ detail, onSent }: { detail: StaffDisputeDetail; onSent: (message: string) => void }) {
  const [summary, setSummary] = useState("");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { summary: useId(), note: useId() };
  const send = async () => {
    setSending(true);
    try {
      await submitDisputeEvidence(detail.id, { summary, note });
      setError(null);
      onSent(messageFor("DISPUTE_EVIDENCE_SUBMITTED"));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="staff-detail" aria-labelledby={`${ids.summary}-h`} data-testid="dispute-detail">
      <h2 id={`${ids.summary}-h`}>
        Dispute of {formatCents(detail.amount_cents)} · {disputeStatusLabel(detail.status)}
      </h2>
      <p className="muted">
        {detail.id} · reason {detail.reason.replaceAll("_", " ")} · evidence due {day(detail.due_by)}
        {detail.funds_withdrawn ? " · the bank took the amount back" : ""}
      </p>
      <dl className="detail-list">
        <dt>Job</dt>
        <dd>
          {detail.job
            ? `#${detail.job.service_order_id} ${detail.job.service ?? ""}, ${new Date(detail.job.promised_arrival_time).toLocaleString("en-US")}, ${detail.job.address ?? ""}`
            : "No job is linked to this charge."}
        </dd>
        <dt>Pro</dt>
        <dd>{detail.vendor ? `${detail.vendor.name ?? "Pro"} (#${detail.vendor.vendor_id})` : "—"}</dd>
        <dt>Customer</dt>
        <dd>{detail.customer ? `${detail.customer.name ?? ""} ${detail.customer.email ?? ""}` : "—"}</dd>
        <dt>Pro's pay</dt>
        <dd>
          {detail.pay_lines.length === 0
            ? "Nothing held back."
            : detail.pay_lines
                .map(
                  (l) => `${l.amount_cents < 0 ? "held back" : "given back"} ${formatCents(Math.abs(l.amount_cents))}`,
                )
                .join(", ")}
        </dd>
      </dl>
      <h3>Photos</h3>
      {detail.photos.length === 0 ? (
        <p className="muted">No photos on the job.</p>
      ) : (
        <ul className="photo-row">
          {detail.photos.map((p) => (
            <li key={p.url}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={`${p.kind} photo`} width={96} height={96} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3>Checklist</h3>
      {detail.checklist.length === 0 ? (
        <p className="muted">The job was not closed with the checklist.</p>
      ) : (
        <ul>
          {detail.checklist.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      <h3>Texts between the pro and the customer</h3>
      {detail.messages.length === 0 ? (
        <p className="muted">No texts around the visit.</p>
      ) : (
        <ul>
          {detail.messages.map((m, i) => (
            <li key={i}>
              <span className="muted">
                {new Date(m.at).toLocaleString("en-US")} to the {m.to}:
              </span>{" "}
              {m.body}
            </li>
          ))}
        </ul>
      )}
      {detail.may_submit ? (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label htmlFor={ids.summary}>What was done at the visit (sent to the bank)</label>
          <textarea id={ids.summary} value={summary} onChange={(e) => setSummary(e.target.value)} rows={4} required />
          <label htmlFor={ids.note}>Anything else for the bank (optional)</label>
          <textarea id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
          <FormError message={error} />
          <button type="submit" className="btn btn-primary" disabled={sending || summary.trim().length < 20}>
            {sending ? "Sending…" : "Send evidence"}
          </button>
        </form>
      ) : (
        <p className="muted">
          {detail.evidence_submitted_at
            ? `Evidence sent ${day(detail.evidence_submitted_at)}.`
            : "This dispute no longer takes evidence."}
        </p>
      )}
    </section>
  );
}
