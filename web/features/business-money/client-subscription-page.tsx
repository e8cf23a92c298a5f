import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { Page } from "../../components/layout/page";
import { CardForm, useAuthenticator, useCardForm } from "../../components/ui/card-form";
import { FormError } from "../../components/ui/field";
import { WalletButton, type WalletPayment } from "../../components/ui/wallet-button";
import { errorMessage } from "../../lib/api-client";
import { formatCents } from "../../lib/format";
import { paymentMethodFromSource, saveCardWithCheck } from "../../lib/payments";
import { useRequest } from "../../lib/use-request";
import { notify } from "../../stores/alert-store";
import {
  approveClientSubscription,
  cancelClientSubscription,
  giveClientSubscriptionCard,
  intervalLabel,
  STATUS_LABEL,
  viewClientSubscription,
  type ClientSub,
} from "./api";
import { formatLocalTime } from "../../lib/local-time";
import { asyncHandler } from "../../lib/async-handler";

/**
 * /subscription?t=<token>: the client's side of a pro's recurring service (the texted link): what they
 * subscribed to, the next dates, the card (typed, or the wallet's: add or replace), approving a price change,
 * cancelling. Nothing is charged here: the card is set up for the visits' off-session charges (decisions 146, 160).
 */
export function ClientSubscriptionPage() {
  const token = useLocation({ select: (l) => String((l.search as Record<string, unknown>).t ?? "") });
  const sub = useRequest<ClientSub>(token ? `csub:${token}` : null, (signal) => viewClientSubscription(token, signal));
  const card = useCardForm();
  const auth = useAuthenticator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <Page width="narrow" title="Your subscription">
        <p>Open the link we texted you to see your recurring service.</p>
      </Page>
    );
  }
  if (sub.loading && !sub.data) {
    return (
      <Page width="narrow" title="Your subscription">
        <div className="skeleton" style={{ height: 200, borderRadius: 14 }} aria-busy="true" aria-label="Loading" />
      </Page>
    );
  }
  if (!sub.data) {
    return (
      <Page width="narrow" title="Your subscription">
        <FormError message={errorMessage(sub.error)} />
      </Page>
    );
  }
  const s = sub.data;
  /** Runs one action; answers whether it succeeded (its error is shown otherwise). */
  const run = async (work: () => Promise<ClientSub>, done: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      sub.setData(await work());
      notify("success", done);
      card.reset();
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const activeText = "Your subscription is active. Thank you!";
  // Active only once the processor accepts the card (a decline throws its message; 3-D Secure is asked first).
  const keep = (paymentMethodId: string, authenticate: typeof auth.ask) =>
    saveCardWithCheck<ClientSub>(() => giveClientSubscriptionCard(token, paymentMethodId), authenticate);
  const saveCard = () => {
    const source = card.source();
    if (!source) return;
    void run(async () => keep(await paymentMethodFromSource(source), auth.ask), activeText);
  };
  /** The wallet's card, set up for the visits' charges like a typed one (decision 160). */
  const keepWallet = (wallet: WalletPayment) =>
    run(() => keep(wallet.paymentMethodId, wallet.authenticate), activeText);
  const live = s.status !== "cancelled";
  return (
    <Page width="narrow" eyebrow={s.vendor_name} title="Your recurring service">
      <section className="card money-section" aria-labelledby="csub-what">
        <h2 className="card-title" id="csub-what">
          {s.service}
        </h2>
        <p>
          {intervalLabel(s.interval_days)} at {s.address} · <strong>{formatCents(s.price_cents)}</strong> a visit,
          charged 24 hours before each visit.
        </p>
        <p>
          Status:{" "}
          <span className={`status-tag${s.status === "active" ? " is-live" : ""}`} data-testid="csub-status">
            {STATUS_LABEL[s.status]}
          </span>
        </p>
        {live && (
          <>
            <h3>Next dates</h3>
            <ul className="money-rows" data-testid="next-dates">
              {s.next_dates.map((d) => (
                <li key={d.at}>{formatLocalTime(d.local)}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      <FormError message={error} />
      {s.status === "pending_approval" && s.pending_price_cents !== null && (
        <section className="card callout money-section" aria-labelledby="csub-change">
          <div>
            <h2 className="card-title" id="csub-change">
              New price: {formatCents(s.pending_price_cents)}
            </h2>
            <p>Approve it before your next visit, or the subscription ends.</p>
          </div>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={asyncHandler(() =>
              run(() => approveClientSubscription(token), "Thank you! The new price is approved."),
            )}
          >
            Approve new price
          </button>
        </section>
      )}
      {live && (
        <section className="card money-section" aria-labelledby="csub-card">
          <h2 className="card-title" id="csub-card">
            {s.card ? `Card •••• ${s.card.last4}` : "Add your card"}
          </h2>
          {s.declined && <p className="field-error">Your last payment was declined. Please enter another card.</p>}
          {s.awaiting_authentication && (
            <p className="field-error" data-testid="csub-awaiting-auth">
              Your bank asks you to approve the next payment: open the link we texted you.
            </p>
          )}
          <form
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveCard();
            }}
          >
            <CardForm form={card} legend={s.card ? "Replace your card" : "Card details"} />
            <button type="submit" className="button button-primary button-block" disabled={busy} aria-busy={busy}>
              {busy ? "Saving..." : s.card ? "Replace card" : "Save card"}
            </button>
          </form>
          <WalletButton
            amountCents={s.price_cents}
            use="keep"
            every={{ unit: "day", count: s.interval_days, description: `${s.service} with ${s.vendor_name}` }}
            disabled={busy}
            onPay={keepWallet}
            onError={setError}
          />
        </section>
      )}
      {live ? (
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          onClick={() => {
            if (!window.confirm("Cancel your recurring service? This can't be undone.")) return;
            void run(() => cancelClientSubscription(token), "Your subscription was cancelled.");
          }}
        >
          Cancel subscription
        </button>
      ) : (
        <p className="muted">This subscription was cancelled.</p>
      )}
      {auth.dialog}
    </Page>
  );
}
