import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { catalogue } from "../../../domain/messages";
import { Page } from "../../components/layout/page";
import { useAuthenticator } from "../../components/ui/card-form";
import { FormError } from "../../components/ui/field";
import { call, errorMessage } from "../../lib/api-client";
import { paymentsClient } from "../../lib/api-clients";
import { asyncHandler } from "../../lib/async-handler";
import { formatCents } from "../../lib/format";
import { cardFailureMessage, confirmCard } from "../../lib/payments";
import { useRequest } from "../../lib/use-request";
import { notify } from "../../stores/alert-store";

const openLink = (token: string, signal?: AbortSignal) =>
  call((o) => paymentsClient["auth-link"].$post({ json: { token } }, o), { signal });

/**
 * /authenticate?t=<token>: the texted link of a later charge the customer's bank wants them to approve (3-D Secure;
 * docs/decisions/147-authenticate-later-charges.md). The customer confirms that same charge on their saved card with
 * the bank (Stripe.js, or the local adapter's check) through the shared confirm helper; the server then completes
 * what it paid for.
 */
export function AuthenticatePage() {
  const token = useLocation({ select: (l) => String((l.search as Record<string, unknown>).t ?? "") });
  const link = useRequest(token ? `auth-link:${token}` : null, (signal) => openLink(token, signal));
  const auth = useAuthenticator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <Page width="narrow" title="Approve a payment">
        <p>Open the link we texted you to approve your payment.</p>
      </Page>
    );
  }
  if (link.loading && !link.data) {
    return (
      <Page width="narrow" title="Approve a payment">
        <div className="skeleton" style={{ height: 160, borderRadius: 14 }} aria-busy="true" aria-label="Loading" />
      </Page>
    );
  }
  if (!link.data) {
    return (
      <Page width="narrow" title="Approve a payment">
        <FormError message={errorMessage(link.error)} />
      </Page>
    );
  }
  const data = link.data;
  const approve = async () => {
    if (busy || !data.payment_intent || !data.payment_method_id) return;
    setBusy(true);
    setError(null);
    try {
      await confirmCard({
        clientSecret: data.payment_intent.client_secret,
        source: { kind: "saved", id: data.payment_method_id },
        authenticate: auth.ask,
      });
      const done = await openLink(token);
      link.setData(done);
      if (done.status === "completed") notify("success", catalogue.PAYMENT_AUTHENTICATED.text);
    } catch (err) {
      setError(cardFailureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page width="narrow" title="Approve a payment">
      <section className="card money-section" aria-labelledby="auth-what">
        <h2 className="card-title" id="auth-what">
          {formatCents(data.amount_cents)}
        </h2>
        <p>{data.description}</p>
        {data.status === "completed" ? (
          <p data-testid="auth-link-done">
            <span className="status-tag is-live">Paid</span> Your bank approved this payment. Thank you!
          </p>
        ) : (
          <>
            <p>Your bank asks you to approve this payment on your saved card before we can charge it.</p>
            <FormError message={error} />
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={asyncHandler(approve)}
              data-testid="auth-link-approve"
            >
              {busy ? "Approving…" : `Approve ${formatCents(data.amount_cents)}`}
            </button>
          </>
        )}
      </section>
      {auth.dialog}
    </Page>
  );
}
