import { useState } from "react";
import { FormError } from "../../../components/ui/field";
import { StaffTable } from "../../../components/ui/staff-table";
import { asyncHandler } from "../../../lib/async-handler";
import { errorMessage } from "../../../lib/api-client";
import { formatCents, formatPhone } from "../../../lib/format";
import { getCustomer, type CustomerDetail, staffLists } from "../api/staff";
import { SearchBar, StaffListView, useStaffList } from "./staff-kit";
import { day } from "./staff-format";
import { CustomerCharge } from "./customer-charge";

/** Customers: find one, see their orders and credits. */
export function CustomersSection() {
  const [q, setQ] = useState("");
  const [detail, setDetail] = useState<CustomerDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useStaffList(staffLists.customers, { q });
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
