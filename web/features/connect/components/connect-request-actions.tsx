import { useEffect, useId, useState } from "react";
import { formatLocalDateTime } from "../../../../domain/slot-format";
import { Field } from "../../../components/ui/field";
import { connectClient } from "../../../lib/api-clients";
import { staffSend, type ConnectRequestRow, type ProOption } from "../../admin/api/staff";
import { getConnectPros } from "../api/connect";
import { ActionButton, proMessage } from "../../admin/components/staff-kit";

/** The pros who could take a request (nearest first), leaving out `except` (the pro who has it now). */
function useConnectPros(requestId: number, except: number | null = null): ProOption[] | null {
  const [pros, setPros] = useState<ProOption[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getConnectPros(requestId, ctrl.signal)
      .then((list) => setPros(list.filter((p) => p.vendor_id !== except)))
      .catch(() => setPros([]));
    return () => ctrl.abort();
  }, [requestId, except]);
  return pros;
}

const proName = (p: ProOption) => `${p.display_name}${p.base_zip ? ` (${p.base_zip})` : ""}`;

/** One pro from the request's candidates; the nearest is chosen until staff pick another. */
function ProSelect({
  label,
  pros,
  value,
  onChange,
}: {
  label: string;
  pros: ProOption[];
  value: string;
  onChange(vendorId: string): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        {pros.map((p) => (
          <option key={p.vendor_id} value={p.vendor_id}>
            {proName(p)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AssignButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const pros = useConnectPros(row.connect_request_id);
  const [picked, setPicked] = useState("");
  if (pros !== null && pros.length === 0) return <span className="muted">No pro offers this service yet.</span>;
  const vendorId = picked || String(pros?.[0]?.vendor_id ?? "");
  return (
    <ActionButton
      label="Assign"
      title={`Assign ${row.business_name} to a pro`}
      send={staffSend(
        connectClient.admin.requests[":id"].assign.$post,
        { param: { id: String(row.connect_request_id) } },
        { vendor_id: Number(vendorId) },
      )}
      reasonLabel="Note (optional)"
      reasonRequired={false}
      onDone={onDone}
    >
      <ProSelect label="Pro" pros={pros ?? []} value={vendorId} onChange={setPicked} />
    </ActionButton>
  );
}

/** Offer a new request to several pros at once: the first to schedule it gets it (docs/decisions/089). */
export function OfferButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const pros = useConnectPros(row.connect_request_id);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const id = useId();
  if (pros === null || pros.length < 2) return null;
  // The three nearest are ticked until staff change the choice.
  const picked = chosen ?? pros.slice(0, 3).map((p) => p.vendor_id);
  const toggle = (vendorId: number) =>
    setChosen(picked.includes(vendorId) ? picked.filter((x) => x !== vendorId) : [...picked, vendorId].slice(0, 10));
  return (
    <ActionButton
      label="Offer to several"
      title={`Offer ${row.business_name}'s request to several pros`}
      send={staffSend(
        connectClient.admin.requests[":id"].offer.$post,
        { param: { id: String(row.connect_request_id) } },
        { vendor_ids: picked },
      )}
      reasonLabel="Note (optional)"
      reasonRequired={false}
      onDone={onDone}
    >
      <fieldset className="field" aria-describedby={`${id}-hint`}>
        <legend className="field-label">Pros (2 to 10)</legend>
        <p id={`${id}-hint`} className="muted">
          The first pro to schedule it gets it; the others are told it is no longer available. The offer stays open 2
          hours (less when the start is near); if nobody takes it, the request comes back to New.
        </p>
        {pros.slice(0, 20).map((p) => (
          <label key={p.vendor_id} className="check-row">
            <input type="checkbox" checked={picked.includes(p.vendor_id)} onChange={() => toggle(p.vendor_id)} />
            {proName(p)}
          </label>
        ))}
      </fieldset>
    </ActionButton>
  );
}

/**
 * Hand a scheduled request (its job not started) to another pro who is free then (docs/decisions/112): the new
 * pro's calendar books it first; the old pro's time is freed; both pros and the business are texted.
 */
export function ReassignButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const pros = useConnectPros(row.connect_request_id, row.vendor_id);
  const [picked, setPicked] = useState("");
  if (pros === null || pros.length === 0) return null;
  const vendorId = picked || String(pros[0]!.vendor_id);
  return (
    <ActionButton
      label="Reassign"
      title={`Hand ${row.business_name}'s booking to another pro`}
      send={staffSend(
        connectClient.admin.requests[":id"].reassign.$post,
        { param: { id: String(row.connect_request_id) } },
        { vendor_id: Number(vendorId) },
      )}
      reasonLabel="Note for staff (optional, kept in the audit log, not sent)"
      reasonRequired={false}
      messages={[
        {
          ...proMessage("job.reassign"),
          label: `Message to ${row.vendor_name ?? "the current pro"} (they will read it)`,
        },
      ]}
      onDone={onDone}
    >
      <ProSelect label="New pro" pros={pros} value={vendorId} onChange={setPicked} />
      <p className="muted">
        The booking moves only if this pro is free on {formatLocalDateTime(row.local_time)}; otherwise{" "}
        {row.vendor_name ?? "the current pro"} keeps it. Both pros and the business are texted.
      </p>
    </ActionButton>
  );
}

/** Send the business its invoice: the amount, then a card pay link by text and email (docs/decisions/087). */
export function InvoiceButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const [dollars, setDollars] = useState(((row.price_cents ?? 0) / 100).toFixed(2));
  const cents = Math.round(Number(dollars) * 100);
  return (
    <ActionButton
      label={row.invoiced ? "Send a new invoice" : "Send invoice"}
      title={`Invoice ${row.business_name}`}
      send={staffSend(
        connectClient.admin.requests[":id"].invoice.$post,
        { param: { id: String(row.connect_request_id) } },
        { amount_cents: Number.isFinite(cents) ? cents : 0, resend: row.invoiced },
      )}
      reasonLabel="Note (optional)"
      reasonRequired={false}
      onDone={onDone}
    >
      <Field
        label="Amount the business pays ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={dollars}
        onChange={(e) => setDollars(e.target.value)}
      />
      <p className="muted">
        We text and email the business a secure card payment link. A new invoice replaces an unpaid earlier link.
      </p>
    </ActionButton>
  );
}
