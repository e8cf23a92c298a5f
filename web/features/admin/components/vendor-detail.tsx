import { useEffect, useRef } from "react";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { formatPhone } from "../../../lib/format";
import { useRequest } from "../../../lib/use-request";
import { adminClient } from "../../../lib/api-clients";
import { getVendor, staffSend, type VendorDetail } from "../api/staff";
import { ActionButton, Notice, proMessage, useActionNotice } from "./staff-kit";

const day = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * One pro as staff see them (GET /api/admin/vendors/{id}): their account, the services they offer with a way to
 * restrict one for all future jobs, and their payout account with a way to delete it. Both actions are audited
 * and permanent, so each asks for a reason first (worker/api/admin/vendors.ts; docs/decisions/093).
 */
export function VendorDetailPanel({ vendorId, onChanged }: { vendorId: number; onChanged(): void }) {
  const detail = useRequest(`admin:vendor:${vendorId}`, (signal) => getVendor(vendorId, signal));
  const { notice, done } = useActionNotice(() => {
    detail.reload();
    onChanged();
  });
  const v = detail.data;
  // Opening a pro moves focus to their panel (below the table), so keyboard and screen-reader users land on it.
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = v !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, vendorId]);
  if (detail.error) return <FormError message={errorMessage(detail.error)} />;
  if (!v)
    return (
      <p className="muted" role="status">
        Loading the pro…
      </p>
    );
  return (
    <section className="card staff-section" aria-labelledby="vendor-detail-title" data-testid="vendor-detail">
      <h2 className="card-title" id="vendor-detail-title" tabIndex={-1} ref={heading}>
        {v.display_name}
      </h2>
      <p className="muted">
        {v.user_name} · {formatPhone(v.phone)}
        {v.email ? ` · ${v.email}` : ""} · ZIP {v.base_zip ?? "—"} · {v.completed_jobs} jobs done · licence{" "}
        {v.license_status ?? "—"} · photo {v.photo_status ?? "—"}
      </p>
      <Notice message={notice} />
      <h3>Services</h3>
      {v.services.length === 0 ? (
        <p className="muted">No services yet.</p>
      ) : (
        <ul className="staff-rows" aria-label={`${v.display_name}'s services`}>
          {v.services.map((s) => (
            <li key={s.service_id} className="staff-row" data-service-id={s.service_id}>
              <span>
                {s.description} <ServiceState service={s} />
              </span>
              {s.restricted_at === null && v.status !== "terminated" && (
                <ActionButton
                  label="Restrict"
                  title={`Restrict ${v.display_name} from ${s.description} for all future jobs`}
                  send={staffSend(adminClient.vendors[":id"].services[":serviceId"].restrict.$post, {
                    param: { id: String(v.vendor_id), serviceId: String(s.service_id) },
                  })}
                  messages={[proMessage("service.restrict")]}
                  onDone={done}
                  danger
                >
                  <p className="muted">
                    They stop appearing in search and offers for this service. Jobs already accepted stay theirs.
                  </p>
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>Payout account</h3>
      <PayoutAccount vendor={v} onDone={done} />
    </section>
  );
}

function ServiceState({ service }: { service: VendorDetail["services"][number] }) {
  if (service.restricted_at !== null)
    return <span className="status-pill is-failed">restricted since {day(service.restricted_at)}</span>;
  return service.enabled ? <span className="status-pill is-active">on</span> : <span className="status-pill">off</span>;
}

function PayoutAccount({ vendor, onDone }: { vendor: VendorDetail; onDone(message: string): void }) {
  const account = vendor.payout_account;
  if (!account) return <p className="muted">No payout account yet.</p>;
  return (
    <div className="staff-row">
      <span>
        {account.provider} · {account.status} · payouts {account.payouts_enabled ? "enabled" : "disabled"}
        {vendor.payouts_paused ? " · paused" : ""}
      </span>
      {account.status !== "deleted" && (
        <ActionButton
          label="Delete payout account"
          title={`Delete ${vendor.display_name}'s payout account`}
          send={staffSend(adminClient.vendors[":id"]["payout-account"].delete.$post, {
            param: { id: String(vendor.vendor_id) },
          })}
          messages={[proMessage("payout_account.delete")]}
          onDone={onDone}
          danger
        >
          <p className="muted">No transfer goes to it again; the pro must connect a new account to be paid.</p>
        </ActionButton>
      )}
    </div>
  );
}
