import { useEffect, useState } from "react";
import { catalogue } from "../../../../domain/messages";
import { PRICING } from "../../../../domain/pricing-config";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { cardLabel, useAuthenticator } from "../../../components/ui/card-form";
import { FormError } from "../../../components/ui/field";
import { CheckIcon, StarIcon } from "../../../components/ui/icons";
import { ApiError, call, errorMessage } from "../../../lib/api-client";
import { subscriptionsClient } from "../../../lib/api-clients";
import { formatCents } from "../../../lib/format";
import { defaultCardId, finishServerIntent, listCards, type SavedCard } from "../../../lib/payments";
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

/** Join with a saved card, or cancel (docs/product.md: membership active / cancelled; ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER). */
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
  useEffect(() => {
    if (cards.data && method === null && cards.data.length) setMethod(defaultCardId(cards.data));
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

  const run = async (action: () => Promise<object>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const done = await action();
      if ("message" in done && typeof done.message === "string" && done.message) notify("success", done.message);
      info.reload();
      setConfirmCancel(false);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === "ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER"
          ? catalogue.ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER.text
          : errorMessage(err),
      );
    } finally {
      setBusy(false);
    }
  };
  const join = () =>
    run(async () => {
      const send = () => call((o) => subscriptionsClient.index.$post({ json: { payment_method_id: method } }, o));
      const first = await send();
      if (!("status" in first && first.status === "requires_action")) return first;
      // The bank asks the member to approve the first month (3-D Secure, answered 202): run its step, then ask
      // again with the same card, which answers the membership once the first charge went through.
      await finishServerIntent(first.payment_intent, auth.ask);
      const second = await send();
      if ("status" in second && second.status === "requires_action") {
        throw new ApiError("CARD_AUTHENTICATION_FAILED", catalogue.CARD_AUTHENTICATION_FAILED.text, 402);
      }
      return second;
    });
  const cancel = () => run(() => call((o) => subscriptionsClient.index.$delete(undefined, o)));
  const joinForm = (
    <>
      {cards.data && cards.data.length === 0 ? (
        <p>
          Add a card in <AppLink href="/account/wallet">My Wallet</AppLink> first, then come back to join.
        </p>
      ) : (
        cards.data && (
          <fieldset className="pay-options">
            <legend className="field-label">Pay with</legend>
            {cards.data.map((c) => (
              <label key={c.id} className={`pay-option${method === c.id ? " is-selected" : ""}`}>
                <input type="radio" name="membership-card" checked={method === c.id} onChange={() => setMethod(c.id)} />
                <span className="pay-option-text">{cardLabel(c)}</span>
              </label>
            ))}
          </fieldset>
        )
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
