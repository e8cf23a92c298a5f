import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { getConnectInfo } from "../api/pro";
import { useRequest } from "../../../lib/use-request";

const PROVIDER: Record<string, string> = { stripe: "Stripe", local: "Test payouts (no money moves)" };

function YesNo({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <span className={`status-pill${ok ? " is-delivered" : ""}`}>{ok ? yes : no}</span>;
}

/** /business/connect-info: the pro's payout (connect) account details (GET /vendor/me/connect-info). */
export function BusinessConnectInfo() {
  const info = useRequest("pro:connect-info", getConnectInfo);
  const d = info.data;
  return (
    <Page width="wide" eyebrow="Your business" title="Connect details">
      <section className="card" aria-labelledby="connect-title" aria-busy={info.loading || undefined}>
        <h2 className="card-title" id="connect-title">
          Payout account
        </h2>
        {info.loading && !d ? (
          <p className="muted" role="status">
            Loading your connect details…
          </p>
        ) : info.error ? (
          <>
            <FormError message={errorMessage(info.error)} />
            <button type="button" className="button button-secondary button-sm" onClick={info.reload}>
              Try again
            </button>
          </>
        ) : !d!.payout_account ? (
          <>
            <p>You have no payout account yet, so your earnings wait here until you set one up.</p>
            <div className="form-actions">
              <AppLink href="/business/pay" className="button button-primary">
                Set up payouts
              </AppLink>
            </div>
          </>
        ) : (
          <>
            <dl className="pro-detail-list" data-testid="connect-details">
              <div>
                <dt>Provider</dt>
                <dd>{PROVIDER[d!.payout_account.provider] ?? d!.payout_account.provider}</dd>
              </div>
              <div>
                <dt>Account status</dt>
                <dd>{d!.payout_account.status}</dd>
              </div>
              <div>
                <dt>Details</dt>
                <dd>
                  <YesNo ok={d!.payout_account.details_submitted} yes="Submitted" no="Not finished" />
                </dd>
              </div>
              <div>
                <dt>Payouts</dt>
                <dd>
                  <YesNo ok={d!.payout_account.payouts_enabled} yes="Enabled" no="Not enabled yet" />
                </dd>
              </div>
            </dl>
            <div className="form-actions">
              <AppLink href="/business/pay" className="button button-secondary">
                Manage payouts
              </AppLink>
            </div>
          </>
        )}
      </section>
      {d && (
        <section className="card" aria-labelledby="connect-payouts-title">
          <h2 className="card-title" id="connect-payouts-title">
            Payout settings
          </h2>
          <dl className="pro-detail-list">
            <div>
              <dt>Weekly payouts</dt>
              <dd>
                {d.payouts_paused ? (
                  <span className="status-pill is-failed">Paused by our team</span>
                ) : (
                  <span className="status-pill is-delivered">Running</span>
                )}
              </dd>
            </div>
            <div>
              <dt>Instant payouts</dt>
              <dd>
                <YesNo ok={d.instant_payout_enabled} yes="Available" no="Not available" />
              </dd>
            </div>
          </dl>
          {d.payouts_paused && (
            <p className="muted" style={{ marginTop: 8 }}>
              Your payouts are on hold. Please contact support to find out why.
            </p>
          )}
        </section>
      )}
    </Page>
  );
}
