import { useState } from "react";
import { STAND_DOWN_EFFECT_FOR_STAFF } from "../../../../domain/vendors/account-policy";
import { StaffTable } from "../../../components/ui/staff-table";
import { asyncHandler } from "../../../lib/async-handler";
import { formatPhone } from "../../../lib/format";
import { adminClient } from "../../../lib/api-clients";
import { type VendorRow, staffLists, staffSend } from "../api/staff";
import { VendorDetailPanel } from "./vendor-detail";
import { ActionButton, proMessage, Notice, SearchBar, StaffListView, useActionNotice, useStaffList } from "./staff-kit";
import { day } from "./staff-format";

/** Vendors: find by name, phone or ZIP; account actions by state (docs/product.md section 4 "Vendor account"). */
export function VendorsSection() {
  const [q, setQ] = useState("");
  const list = useStaffList(staffLists.vendors, { q });
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
  const vendor = adminClient.vendors[":id"];
  const param = { id: String(v.vendor_id) };
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
          send={staffSend(vendor.deactivate.$post, { param })}
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
          send={staffSend(vendor.reactivate.$post, { param })}
          messages={[proMessage("vendor.reactivate")]}
          onDone={done}
        />
      )}
      {v.status !== "terminated" && !v.soft_banned && (
        <ActionButton
          label="Soft ban"
          title={`Soft ban ${name} (reliability 1)`}
          send={staffSend(vendor["soft-ban"].$post, { param })}
          messages={[proMessage("vendor.soft_ban")]}
          onDone={done}
        />
      )}
      {v.status !== "terminated" && (v.soft_banned || v.reliability !== 50) ? (
        <ActionButton
          label="Reset reliability"
          title={`Reset ${name}'s reliability to 50`}
          send={staffSend(vendor["reset-reliability"].$post, { param })}
          onDone={done}
        />
      ) : null}
      {v.status !== "terminated" && (
        <ActionButton
          label="Terminate"
          title={`Terminate ${name}: irreversible. Payouts pause.`}
          send={staffSend(vendor.terminate.$post, { param })}
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
