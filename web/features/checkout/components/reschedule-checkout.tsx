import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { formatLocalDateTime, todayIn } from "../../../../domain/slot-format";
import type { RescheduleCheckout } from "../../../../schema/contracts/checkout";
import { AreaBar, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { useAuthenticator } from "../../../components/ui/card-form";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { completeReschedule, rescheduleDoneQuery, rescheduleQuery } from "../api/reschedule";
import { formatCents } from "../../../lib/format";
import {
  cardFailureMessage,
  defaultCardId,
  finishServerIntent,
  listCards,
  type SavedCard,
} from "../../../lib/payments";
import { useQuery } from "../../../lib/query";
import { useRequest } from "../../../lib/use-request";

/**
 * /checkout/reschedule and /checkout/reschedule-complete (docs/decisions/067): a reschedule that changes the
 * appointment's length. The first reviews the price difference (old and new price, member discount, service fee
 * and totals) and pays it with the saved card; the bank's check (3-D Secure) runs here when asked. The second
 * confirms what was charged or will be refunded, and that the professional must still agree.
 */

export type { RescheduleCheckout };

function when(local: string, tz: string) {
  return formatLocalDateTime(local, { today: todayIn(tz, Date.now()) });
}

const brandName = (b: string) =>
  ({ visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" })[b] ?? b;

/** "Swedish Massage (90 min)" stays as it is; a name without its length gets it. */
function optionLabel(o: { description: string; minutes: number }): string {
  return o.description.includes(`${o.minutes} min`) ? o.description : `${o.description} (${o.minutes} min)`;
}

function Lines({ data }: { data: RescheduleCheckout }) {
  const signed = (c: number) => (c < 0 ? `−${formatCents(-c)}` : formatCents(c));
  return (
    <dl className="summary-lines" data-testid="reschedule-lines">
      <div>
        <dt>{optionLabel(data.service_from)}</dt>
        <dd>{formatCents(data.old_price_cents)}</dd>
      </div>
      <div>
        <dt>{optionLabel(data.service_to)}</dt>
        <dd>{formatCents(data.new_price_cents)}</dd>
      </div>
      {(data.old_discount_cents > 0 || data.new_discount_cents > 0) && (
        <div>
          <dt>Member discount</dt>
          <dd>
            −{formatCents(data.old_discount_cents)} → −{formatCents(data.new_discount_cents)}
          </dd>
        </div>
      )}
      <div>
        <dt>Service fee</dt>
        <dd>
          {formatCents(data.old_fee_cents)} → {formatCents(data.new_fee_cents)}
        </dd>
      </div>
      <div>
        <dt>Order total</dt>
        <dd data-testid="reschedule-totals">
          {formatCents(data.old_total_cents)} → {formatCents(data.new_total_cents)}
        </dd>
      </div>
      <div className="summary-total">
        <dt>
          {data.difference_cents < 0
            ? "Difference back to you"
            : data.charged_cents > 0
              ? "Difference paid"
              : "Difference to pay"}
        </dt>
        <dd data-testid="reschedule-difference">{signed(data.difference_cents)}</dd>
      </div>
    </dl>
  );
}

function Times({ data }: { data: RescheduleCheckout }) {
  return (
    <p>
      From <strong>{when(data.from, data.time_zone)}</strong> to{" "}
      <strong data-testid="reschedule-new-time">{when(data.selectedDate, data.time_zone)}</strong>
    </p>
  );
}

function LoadState({ state, what }: { state: { loading: boolean; error: unknown; reload(): void }; what: string }) {
  if (state.loading) return <p aria-busy="true">Loading {what}…</p>;
  const unauthorised = state.error instanceof ApiError && state.error.status === 401;
  return (
    <div className="form-error" role="alert">
      <p>{errorMessage(state.error)}</p>
      {unauthorised ? (
        <AppLink className="button button-primary button-sm" href="/account/orders">
          Log in to My Orders
        </AppLink>
      ) : (
        <button type="button" className="button button-ghost button-sm" onClick={state.reload}>
          Retry
        </button>
      )}
    </div>
  );
}

export function RescheduleCheckoutPage({ requestId }: { requestId: number }) {
  const navigate = useNavigate();
  const review = useQuery(rescheduleQuery, requestId || null);
  const cards = useRequest<SavedCard[]>("reschedule:cards", (s) => listCards(s));
  const auth = useAuthenticator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = review.data;
  const card = cards.data?.find((c) => c.id === defaultCardId(cards.data ?? [])) ?? null;
  const done = () => void navigate({ href: `/checkout/reschedule-complete?request_id=${requestId}` });

  useEffect(() => {
    // Nothing (more) to pay: the outcome page says what happens next.
    if (
      data &&
      data.charge_status !== "due" &&
      data.charge_status !== "requires_action" &&
      data.charge_status !== "failed"
    )
      done();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the charge status changes; done is new each render
  }, [data?.charge_status]);

  async function pay() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      let answer = await completeReschedule(requestId);
      if (answer.charge_status === "requires_action" && answer.payment_intent) {
        await finishServerIntent(answer.payment_intent, auth.ask);
        answer = await completeReschedule(requestId);
      }
      if (answer.charge_status !== "paid") throw new ApiError("CHARGE_ERROR", answer.message, 402);
      done();
    } catch (err) {
      setError(cardFailureMessage(err));
      review.reload();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <AreaBar title="Reschedule" />
      <Page title="Review your new appointment" width="narrow">
        {!requestId && (
          <p className="form-error" role="alert">
            This link is missing its request. Open My Orders to reschedule.
          </p>
        )}
        {requestId > 0 && !data && <LoadState state={review} what="your reschedule" />}
        {data && (
          <div className="card checkout-summary modal-stack" data-testid="reschedule-review">
            <h2 className="card-title">Price difference</h2>
            <Times data={data} />
            <Lines data={data} />
            {data.charge_status === "failed" ? (
              <p className="form-error" role="alert">
                Your card was declined for this change. Update your card in your{" "}
                <AppLink href="/account/wallet">wallet</AppLink>, then pick the time again from{" "}
                <AppLink href="/account/orders">My Orders</AppLink>.
              </p>
            ) : data.status !== "pending" ? (
              <p className="form-error" role="alert">
                {data.message}
              </p>
            ) : (
              <>
                <p className="muted">
                  {card
                    ? `We charge the difference to your ${brandName(card.card.brand)} ending ${card.card.last4}, then ask your professional to confirm. If they can't, the difference comes back to your card.`
                    : cards.loading
                      ? "Checking your saved card…"
                      : "Add a card to your wallet to pay the difference."}
                </p>
                {error && (
                  <p className="form-error" role="alert" data-testid="reschedule-pay-error">
                    {error}
                  </p>
                )}
                <div className="form-actions">
                  <AppLink className="button button-secondary" href="/account/orders">
                    Keep my appointment
                  </AppLink>
                  {card || cards.loading ? (
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() => void pay()}
                      disabled={busy || !card}
                      aria-busy={busy}
                      data-testid="reschedule-pay"
                    >
                      {busy ? "Paying…" : `Pay ${formatCents(data.difference_cents)} and send`}
                    </button>
                  ) : (
                    <AppLink className="button button-primary" href="/account/wallet">
                      Add a card
                    </AppLink>
                  )}
                </div>
              </>
            )}
          </div>
        )}
        {auth.dialog}
      </Page>
    </>
  );
}

function outcome(d: RescheduleCheckout): string {
  const pro = "Your professional must still agree to the new time.";
  switch (d.status) {
    case "accepted":
      return d.difference_cents < 0
        ? `Your professional accepted. ${formatCents(-d.difference_cents)} comes back to you${
            d.credit_return_cents > 0
              ? ` (${formatCents(d.refund_cents)} to your card, ${formatCents(d.credit_return_cents)} as account credit)`
              : " on your card"
          }.`
        : "Your professional accepted: your appointment is moved.";
    case "declined":
    case "expired":
    case "cancelled":
      return d.charged_cents > 0
        ? `This request did not go through: the ${formatCents(d.charged_cents)} we charged is refunded to your card.`
        : "This request did not go through: your appointment keeps its time.";
    default:
      if (d.charged_cents > 0)
        return `We charged ${formatCents(d.charged_cents)} to your card. ${pro} If they can't, it is refunded.`;
      if (d.difference_cents < 0)
        return `Nothing was charged. ${pro} Once they accept, ${formatCents(-d.difference_cents)} comes back to you.`;
      return `Nothing was charged. ${pro}`;
  }
}

export function RescheduleCompletePage({ requestId }: { requestId: number }) {
  const review = useQuery(rescheduleDoneQuery, requestId || null);
  const data = review.data;
  return (
    <>
      <AreaBar title="Reschedule" />
      <Page title={data?.status === "accepted" ? "Your appointment is moved" : "Your request is sent"} width="narrow">
        {!requestId && (
          <p className="form-error" role="alert">
            This link is missing its request. Open My Orders to see your appointments.
          </p>
        )}
        {requestId > 0 && !data && <LoadState state={review} what="your reschedule" />}
        {data && (
          <div className="card checkout-summary modal-stack" role="status" data-testid="reschedule-complete">
            <p data-testid="reschedule-outcome">
              <strong>{outcome(data)}</strong>
            </p>
            <Times data={data} />
            <Lines data={data} />
            <div className="form-actions">
              <AppLink className="button button-primary" href="/account/orders">
                Back to My Orders
              </AppLink>
            </div>
          </div>
        )}
      </Page>
    </>
  );
}
