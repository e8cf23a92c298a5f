import { useEffect, useState } from "react";
import { catalogue } from "../../../../domain/messages";
import { PRICING } from "../../../../domain/pricing-config";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CardForm, SavedCardRadios, useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { FormError } from "../../../components/ui/field";
import { WalletButton, type WalletPayment } from "../../../components/ui/wallet-button";
import { CheckIcon, StarIcon } from "../../../components/ui/icons";
import { ApiError, call, errorMessage } from "../../../lib/api-client";
import { subscriptionsClient } from "../../../lib/api-clients";
import { formatCents } from "../../../lib/format";
import {
  addCard,
  cardFailureMessage,
  defaultCardId,
  finishServerIntent,
  listCards,
  saveCard,
  saveCardWithCheck,
  type Authenticator,
  type SavedCard,
} from "../../../lib/payments";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { useViewer } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";
import { asyncHandler } from "../../../lib/async-handler";

/** /membership: what the beauty membership is; every line is what the code does (decision 124). */
export function MembershipPage() {
  const percent = Math.round(PRICING.memberDiscountBps / 100);
  return (
    <Page
      eyebrow="Beauty membership"
      title="Treat yourself more often, for less"
      intro={`Members save ${percent}% on every service, for one simple monthly fee of ${formatCents(PRICING.membershipMonthlyCents)}.`}
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <StarIcon />
          </div>
          <h3>Member prices</h3>
          <p>{percent}% off the price of every service, taken off at checkout.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <CheckIcon />
          </div>
          <h3>One monthly charge</h3>
          <p>Charged to your saved card once a month, counted from the day you join. No sign-up fee.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <CheckIcon />
          </div>
          <h3>Cancel any time</h3>
          <p>
            No contract. Cancel from your account and keep your benefits until the end of the month you've paid for. It
            does not renew and you are not charged again.
          </p>
        </div>
      </div>
      <MembershipPanel />
    </Page>
  );
}

/** /account/membership: the signed-in member's status, join and cancel. */
export function AccountMembershipPage() {
  return (
    <Page title="Membership" intro="Your beauty membership and its benefits.">
      <MembershipPanel />
    </Page>
  );
}

/** Renewals as the wallet's sheet shows them (Apple Pay lists it as a recurring payment). */
const MONTHLY = { unit: "month", count: 1, description: "Beauty membership" } as const;

/**
 * Join with a saved card, a new card or the wallet, or cancel (docs/product.md: membership active / cancelled;
 * ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER). The membership renews on the card, so a new card and a wallet's card
 * are first set up for off-session charges and saved (a SetupIntent, with the bank's step when it asks; decisions
 * 146 and 160), then the membership starts on that saved card.
 */
function MembershipPanel() {
  const viewer = useViewer();
  const info = useRequest(viewer ? `membership:${viewer.user_id}` : null, (signal) =>
    call((o) => subscriptionsClient.index.$get(undefined, o), { signal }),
  );
  const cards = useRequest<SavedCard[]>(viewer ? "membership:cards" : null, (s) => listCards(s));
  const [method, setMethod] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const auth = useAuthenticator();
  const cardForm = useCardForm();
  useEffect(() => {
    if (cards.data && method === null) setMethod(cards.data.length ? defaultCardId(cards.data) : "new");
  }, [cards.data, method]);

  if (!viewer) {
    return (
      <div className="callout">
        <div>
          <h2>Become a member</h2>
          <p>Log in or create a free account to join. Cancel any time from your account.</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => openAuthModal("login")}>
          Log In to join
        </button>
      </div>
    );
  }
  if (info.loading && !info.data)
    return <div className="skeleton" style={{ height: 160, borderRadius: 14 }} aria-busy="true" />;
  if (!info.data) return <FormError message={errorMessage(info.error)} />;
  const data = info.data;
  const percent = Math.round(data.member_discount_bps / 100);

  /** Runs one action; answers whether it succeeded (its error is shown otherwise). */
  const run = async (
    action: () => Promise<object>,
    onError: (message: string) => void = setError,
  ): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      const done = await action();
      if ("message" in done && typeof done.message === "string" && done.message) notify("success", done.message);
      info.reload();
      cards.reload();
      cardForm.reset();
      setConfirmCancel(false);
      return true;
    } catch (err) {
      onError(
        err instanceof ApiError && err.code === "ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER"
          ? catalogue.ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER.text
          : cardFailureMessage(err),
      );
      return false;
    } finally {
      setBusy(false);
    }
  };
  /** Starts the membership on a saved card of the member's. */
  const joinWith = async (methodId: string, authenticate: Authenticator) => {
    const send = () => call((o) => subscriptionsClient.index.$post({ json: { payment_method_id: methodId } }, o));
    const first = await send();
    if (!("status" in first && first.status === "requires_action")) return first;
    // The bank asks the member to approve the first month (3-D Secure, answered 202): run its step, then ask
    // again with the same card, which answers the membership once the first charge went through.
    await finishServerIntent(first.payment_intent, authenticate);
    const second = await send();
    if ("status" in second && second.status === "requires_action") {
      throw new ApiError("CARD_AUTHENTICATION_FAILED", catalogue.CARD_AUTHENTICATION_FAILED.text, 402);
    }
    return second;
  };
  const join = () => {
    if (method === "new") {
      const source = cardForm.source();
      if (!source) return Promise.resolve(false);
      return run(async () => joinWith((await addCard(source, false, auth.ask)).id, auth.ask), cardForm.setError);
    }
    return method ? run(() => joinWith(method, auth.ask)) : Promise.resolve(false);
  };
  /** The wallet's card, set up for the renewals and saved like a new card (decision 160), then joined with. */
  const joinByWallet = (wallet: WalletPayment) =>
    run(async () => {
      const kept = await saveCardWithCheck<SavedCard>(
        () => saveCard(wallet.paymentMethodId, false),
        wallet.authenticate,
      );
      return joinWith(kept.id, wallet.authenticate);
    });
  const cancel = () => run(() => call((o) => subscriptionsClient.index.$delete(undefined, o)));
  const joinForm = (
    <>
      {cards.data && (
        <>
          {cards.data.length > 0 && (
            <SavedCardRadios
              cards={cards.data}
              value={method}
              onChange={setMethod}
              name="membership-card"
              legend="Pay with"
            />
          )}
          {method === "new" && (
            <CardForm
              form={cardForm}
              amountCents={data.price_cents}
              legend={cards.data.length ? "New card" : "Card details"}
            />
          )}
          <p className="muted">
            The card is kept in <AppLink href="/account/wallet">My Wallet</AppLink> and charged{" "}
            {formatCents(data.price_cents)} each month until you cancel.
          </p>
        </>
      )}
      <FormError message={error} />
      <div>
        <button
          type="button"
          className="button button-primary"
          onClick={asyncHandler(join)}
          disabled={busy || !method}
          data-testid="membership-join"
        >
          {busy ? "Joining…" : `Join for ${formatCents(data.price_cents)}/month`}
        </button>
      </div>
      <WalletButton
        amountCents={data.price_cents}
        use="pay_and_keep"
        every={MONTHLY}
        disabled={busy}
        onPay={joinByWallet}
        onError={setError}
      />
    </>
  );

  return (
    <section
      className="card commerce-stack membership-panel"
      aria-labelledby="membership-status"
      style={{ marginTop: 24 }}
    >
      <h2 className="card-title" id="membership-status">
        {data.member ? "You're a beauty member" : `Join for ${formatCents(data.price_cents)} a month`}
      </h2>
      {data.member && data.member_until ? (
        <>
          <p data-testid="membership-cancelled">
            <span className="status-tag">Cancelled</span> Member prices until {longDate(data.member_until)}. Your
            membership will not renew and you will not be charged again.
          </p>
          <p className="muted">Joining again starts a new monthly membership, charged the day you join.</p>
          {joinForm}
        </>
      ) : data.member ? (
        <>
          <p>
            <span className="status-tag is-live">Active</span> You save {percent}% on every service.
            {data.membership?.current_period_end ? ` Renews on ${longDate(data.membership.current_period_end)}.` : ""}
          </p>
          <FormError message={error} />
          {confirmCancel ? (
            <div className="form-actions">
              <p>
                Cancel your membership? It will not renew, and you keep member prices until the end of the month you've
                paid for
                {data.membership?.current_period_end ? ` (${longDate(data.membership.current_period_end)})` : ""}.
              </p>
              <button type="button" className="button button-secondary" onClick={() => setConfirmCancel(false)}>
                Keep membership
              </button>
              <button type="button" className="button button-primary" onClick={asyncHandler(cancel)} disabled={busy}>
                {busy ? "Cancelling…" : "Cancel membership"}
              </button>
            </div>
          ) : (
            <div>
              <button type="button" className="button button-ghost" onClick={() => setConfirmCancel(true)}>
                Cancel membership
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="muted">
            Save {percent}% on every service. Charged monthly to your saved card; cancel any time.
          </p>
          {joinForm}
        </>
      )}
      {auth.dialog}
    </section>
  );
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric" });
