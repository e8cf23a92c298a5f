import {
  ADDED_CHARGE_CAP_BPS,
  ADDED_CHARGE_CAP_MAX_CENTS,
  ADDED_CHARGE_WINDOW_HOURS,
} from "../../../domain/added-charges";
import { useEffect, useState } from "react";
import { Page } from "../../components/layout/page";
import { FormError } from "../../components/ui/field";
import { errorMessage } from "../../lib/api-client";
import { formatCents } from "../../lib/format";
import { useRequest } from "../../lib/use-request";
import { notify } from "../../stores/alert-store";
import {
  accountLogin,
  deleteAccount,
  getPay,
  getPayouts,
  instantTransfer,
  setInstantPayout,
  startOnboarding,
  type PayData,
  type Payout,
} from "./api";
import { asyncHandler } from "../../lib/async-handler";

const ACCOUNT_STATUS: Record<NonNullable<PayData["account"]>["status"], string> = {
  pending: "Setup not finished",
  restricted: "Restricted: more information needed",
  active: "Ready for payouts",
  deleted: "Removed",
};

/** Stripe's requirement names ("individual.first_name") in words. */
function requirementLabel(name: string): string {
  const last = name.split(".").at(-1) ?? name;
  return last === "external_account" ? "bank account" : last.replaceAll("_", " ");
}

const day = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** /business/pay: available and pending balance, payout account, instant payout, earnings per job, history. */
export function PayScreen() {
  const pay = useRequest<PayData>("business:pay", (s) => getPay(s));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paidOut, setPaidOut] = useState(0);

  const run = async (name: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(name);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  if (pay.loading && !pay.data) {
    return (
      <Page width="wide" eyebrow="Your business" title="Pay">
        <div
          className="skeleton"
          style={{ height: 180, borderRadius: 14 }}
          aria-busy="true"
          aria-label="Loading your pay"
        />
      </Page>
    );
  }
  if (!pay.data) {
    return (
      <Page width="wide" eyebrow="Your business" title="Pay">
        <FormError message={errorMessage(pay.error)} />
        <button type="button" className="button" onClick={pay.reload}>
          Try again
        </button>
      </Page>
    );
  }
  const d = pay.data;
  const fee = Math.max(d.instant_fee.min_cents, Math.round((d.available_cents * d.instant_fee.bps) / 10_000));
  const ready = d.account?.payouts_enabled === true;
  return (
    <Page width="wide" eyebrow="Your business" title="Pay">
      <FormError message={error} />
      <div className="money-stats" role="group" aria-label="Balances">
        <div className="card money-stat">
          <p className="muted">Available</p>
          <p className="money-figure" data-testid="available">
            {formatCents(d.available_cents)}
          </p>
          {d.available_cents < 0 && (
            <p className="field-hint" data-testid="available-below-zero">
              Below zero: a refund you gave (or a staff adjustment) took back pay that had already been paid out. Your
              next earnings cover the {formatCents(-d.available_cents)} first, and payouts start again once Available is
              above zero.
            </p>
          )}
        </div>
        <div className="card money-stat">
          <p className="muted">Pending ({d.pending_jobs} upcoming jobs)</p>
          <p className="money-figure">{formatCents(d.pending_cents)}</p>
        </div>
        <div className="card money-stat">
          <p className="muted">Next payout</p>
          <p className="money-figure">{d.payouts_paused ? "Paused" : d.next_payout_at ? day(d.next_payout_at) : "-"}</p>
        </div>
      </div>

      <section className="card money-section" aria-labelledby="payout-account">
        <h2 className="card-title" id="payout-account">
          Payout account
        </h2>
        {!d.account ? (
          <p>Set up a payout account to receive your earnings every week.</p>
        ) : (
          <>
            <p>
              Status:{" "}
              <span className={`status-tag${ready ? " is-live" : ""}`} data-testid="account-status">
                {ACCOUNT_STATUS[d.account.status]}
              </span>
            </p>
            <ul className="muted" aria-label="Payout account details">
              <li>Details submitted: {d.account.details_submitted ? "yes" : "no"}</li>
              <li>Payouts: {d.account.payouts_enabled ? "enabled" : "not enabled yet"}</li>
              <li>Payments: {d.account.charges_enabled ? "enabled" : "not enabled yet"}</li>
            </ul>
            {d.account.requirements_due.length > 0 && (
              <p role="status">
                Still needed: {d.account.requirements_due.map(requirementLabel).join(", ")}. Choose Finish setup to add
                it.
              </p>
            )}
          </>
        )}
        <div className="form-actions">
          {!ready && (
            <button
              type="button"
              className="button button-primary"
              disabled={!!busy}
              onClick={asyncHandler(() =>
                run("onboard", async () => {
                  const { url } = await startOnboarding();
                  window.location.assign(url);
                }),
              )}
            >
              {d.account ? "Finish setup" : "Set up payouts"}
            </button>
          )}
          {d.account && (
            <button
              type="button"
              className="button"
              disabled={!!busy}
              onClick={asyncHandler(() =>
                run("login", async () => {
                  const { url } = await accountLogin();
                  window.location.assign(url);
                }),
              )}
            >
              Payout dashboard
            </button>
          )}
          {d.account && (
            <button
              type="button"
              className="button button-ghost"
              disabled={!!busy}
              onClick={asyncHandler(() =>
                run("delete", async () => {
                  if (!window.confirm("Remove your payout account? Payouts stop until you set one up again.")) return;
                  await deleteAccount();
                  notify("success", "Your payout account was removed.");
                  pay.reload();
                }),
              )}
            >
              Remove account
            </button>
          )}
        </div>
        {ready && !d.payouts_paused && (
          <label className="check-row">
            <input
              type="checkbox"
              checked={d.instant_payout_enabled}
              disabled={!!busy}
              onChange={(e) => {
                const enabled = e.currentTarget.checked;
                void run("instant-switch", async () => {
                  await setInstantPayout(enabled);
                  pay.reload();
                });
              }}
            />{" "}
            Instant payouts (fee {d.instant_fee.bps / 100}% of the payout, at least{" "}
            {formatCents(d.instant_fee.min_cents)})
          </label>
        )}
        {ready && d.instant_payout_enabled && d.available_cents > fee && !d.payouts_paused && (
          <div className="money-instant">
            <p>
              Get {formatCents(d.available_cents - fee)} now (instant payout fee {formatCents(fee)}), or wait for the
              free weekly payout.
            </p>
            <button
              type="button"
              className="button button-primary"
              disabled={!!busy}
              aria-busy={busy === "instant"}
              onClick={asyncHandler(() =>
                run("instant", async () => {
                  await instantTransfer();
                  notify("success", "Your payout is on its way.");
                  // The balances and the "Paid out" list both change: refetch them, no page reload.
                  pay.reload();
                  setPaidOut((n) => n + 1);
                }),
              )}
            >
              {busy === "instant" ? "Paying out..." : "Pay out now"}
            </button>
          </div>
        )}
      </section>

      <section className="card money-section" aria-labelledby="earnings">
        <h2 className="card-title" id="earnings">
          Earnings by job
        </h2>
        <p className="muted" data-testid="added-charge-policy">
          Added charges: from the start of a job until {ADDED_CHARGE_WINDOW_HOURS} hours after you complete it, you can
          charge your client&apos;s saved card up to {ADDED_CHARGE_CAP_BPS / 100}&nbsp;% of the job&apos;s price or{" "}
          {formatCents(ADDED_CHARGE_CAP_MAX_CENTS)}, whichever is smaller, in total. Anything beyond is texted to your
          client to approve or decline, and nothing is taken until they approve. Each job&apos;s page shows what you may
          still charge.
        </p>
        {d.jobs.length === 0 ? (
          <p className="muted">Completed jobs and what you earned on each appear here.</p>
        ) : (
          // Focusable with a name, so a keyboard can scroll the table on a narrow screen; phones stack its rows.
          <div className="money-table-wrap" tabIndex={0} role="region" aria-label="Earnings by job">
            <table className="money-table table-stack">
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Price</th>
                  <th scope="col">Commission</th>
                  <th scope="col">Tips</th>
                  <th scope="col">Added</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Earned</th>
                </tr>
              </thead>
              <tbody>
                {d.jobs.map((j) => (
                  <tr key={j.service_order_id}>
                    <td data-label="Job">
                      {j.description}
                      <br />
                      <span className="muted">{day(j.completed_at)}</span>
                    </td>
                    <td data-label="Price">{formatCents(j.price_cents)}</td>
                    <td data-label="Commission">-{formatCents(j.commission_cents)}</td>
                    <td data-label="Tips">{formatCents(j.tip_cents)}</td>
                    <td data-label="Added">{formatCents(j.add_charge_cents + j.adjustment_cents)}</td>
                    <td data-label="Refunds">{j.refund_cents ? `-${formatCents(j.refund_cents)}` : formatCents(0)}</td>
                    <td data-label="Earned">
                      <strong>{formatCents(j.earned_cents)}</strong>
                      {j.paid_out && <span className="muted"> paid</span>}
                      {j.dispute_cents !== 0 && (
                        <>
                          <br />
                          <span className="muted" data-testid="dispute-line">
                            -{formatCents(-j.dispute_cents)} held: card dispute
                          </span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.redemptions.length > 0 && (
          <>
            <h3>Products</h3>
            <ul className="money-rows">
              {d.redemptions.map((r) => (
                <li key={r.redemption_id}>
                  <span>
                    {r.name} for {r.client_name} <span className="muted">{day(r.created_at)}</span>
                  </span>
                  <strong>{formatCents(r.vendor_cents)}</strong>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <PayoutHistory refresh={paidOut} />
    </Page>
  );
}

function PayoutHistory({ refresh }: { refresh: number }) {
  const [pages, setPages] = useState(1);
  const [rows, setRows] = useState<Payout[]>([]);
  const [more, setMore] = useState(false);
  const first = useRequest<Payout[]>("business:payouts", (s) => getPayouts(1, s));
  const reloadFirst = first.reload;
  useEffect(() => {
    if (refresh > 0) reloadFirst();
  }, [refresh, reloadFirst]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const all = [...(first.data ?? []), ...rows];
  const hasMore = pages === 1 ? (first.data?.length ?? 0) === 15 : more;
  return (
    <section className="card money-section" aria-labelledby="payouts">
      <h2 className="card-title" id="payouts">
        Paid out
      </h2>
      {first.loading && !first.data ? (
        <div className="skeleton" style={{ height: 60 }} aria-busy="true" />
      ) : all.length === 0 ? (
        <p className="muted">No payouts yet.</p>
      ) : (
        <ul className="money-rows" data-testid="payouts">
          {all.map((p) => (
            <li key={p.payout_id}>
              <span>
                {p.kind === "instant"
                  ? "Instant payout"
                  : `Weekly payout${p.period_start ? ` (week of ${day(p.period_start)})` : ""}`}
                <span className="muted"> {day(p.paid_at ?? p.created_at)}</span>
              </span>
              <strong>{formatCents(p.amount_cents)}</strong>
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
      {hasMore && (
        <button
          type="button"
          className="button load-more"
          disabled={busy}
          onClick={asyncHandler(async () => {
            setBusy(true);
            setError(null);
            try {
              const next = await getPayouts(pages + 1);
              setRows((r) => [...r, ...next]);
              setMore(next.length === 15);
              setPages(pages + 1);
            } catch (err) {
              setError(errorMessage(err));
            } finally {
              setBusy(false);
            }
          })}
        >
          {busy ? "Loading..." : "Show more"}
        </button>
      )}
    </section>
  );
}
