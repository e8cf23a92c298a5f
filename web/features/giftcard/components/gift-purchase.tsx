import { useEffect, useState } from "react";
import { addDays, localDate } from "../../../../domain/calendar/time";
import { giftAmountAllowed, GIFT_DELIVERY_LOCAL_TIME, GIFT_DELIVERY_MAX_DAYS } from "../../../../domain/checkout-rules";
import { PRICING } from "../../../../domain/pricing-config";
import { CardForm, SavedCardRadios, useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { Field, FormError } from "../../../components/ui/field";
import { WalletButton, type WalletPayment } from "../../../components/ui/wallet-button";
import { ApiError, call } from "../../../lib/api-client";
import { checkoutClient, giftcardClient } from "../../../lib/api-clients";
import { formatCents } from "../../../lib/format";
import {
  cardFailureMessage,
  confirmCard,
  defaultCardId,
  finishServerIntent,
  listCards,
  newAttemptKey,
  type SavedCard,
} from "../../../lib/payments";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { useViewer } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";

/** Buy an eGift card (presets and a custom whole-dollar amount from domain/pricing-config) and redeem a code. */
export function GiftCardCommerce() {
  const viewer = useViewer();
  return (
    <section className="commerce-grid gift-commerce" aria-label="Buy or redeem a gift card" id="buy">
      {viewer ? (
        <GiftPurchase />
      ) : (
        <div className="card">
          <h2 className="card-title">Buy or redeem a gift card</h2>
          <p className="muted">Log in or create a free account to send an eGift card or add one to your credit.</p>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => openAuthModal("login")}>
              Log In
            </button>
            <button type="button" className="button button-secondary" onClick={() => openAuthModal("signup")}>
              Create Account
            </button>
          </div>
        </div>
      )}
      {viewer && <GiftRedeem />}
    </section>
  );
}

function GiftRedeem() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (busy) return;
    if (!code.trim()) return setError("Enter the gift card code.");
    setBusy(true);
    setError(null);
    try {
      const done = await call((o) => giftcardClient.redeem.$post({ json: { code } }, o));
      notify("success", `${done.message} Your credit is now ${formatCents(done.credit_balance_cents)}.`, {
        label: "Open My Wallet",
        href: "/account/wallet",
      });
      setCode("");
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields?.code ?? err.message) : "Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="card-title">Redeem a gift card</h2>
      <Field
        label="Gift card code"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={error}
      />
      <div>
        <button type="submit" className="button button-secondary" disabled={busy}>
          {busy ? "Redeeming…" : "Add to my credit"}
        </button>
      </div>
    </form>
  );
}

function GiftPurchase() {
  const presets = PRICING.giftCardPresetsCents;
  const [amount, setAmount] = useState<number | null>(presets[1] ?? null);
  const [custom, setCustom] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  // The delivery day is the buyer's own local date: known only in the browser, so set after mount.
  const [calendar, setCalendar] = useState<{ tz: string; today: string; last: string } | null>(null);
  const [deliverOn, setDeliverOn] = useState("");
  const [method, setMethod] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ amount: number; to: string; on: string | null } | null>(null);
  const cards = useRequest<SavedCard[]>("gift:cards", (s) => listCards(s));
  const cardForm = useCardForm();
  const auth = useAuthenticator();
  useEffect(() => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const today = localDate(Date.now(), tz);
    setCalendar({ tz, today, last: addDays(today, GIFT_DELIVERY_MAX_DAYS) });
    setDeliverOn((d) => d || today);
  }, []);
  useEffect(() => {
    if (cards.data && method === null) setMethod(cards.data.length ? defaultCardId(cards.data) : "new");
  }, [cards.data, method]);

  const customCents = custom.trim() ? Math.round(Number(custom) * 100) : null;
  const cents = customCents ?? amount;

  /** The gift's own fields, checked before anything is charged; their errors show under each field. */
  function checkFields(): boolean {
    const next: Record<string, string> = {};
    if (!cents || !giftAmountAllowed(cents)) {
      next.amount = `Choose an amount, or enter whole dollars from ${formatCents(PRICING.giftCardMinCents)} to ${formatCents(PRICING.giftCardMaxCents)}.`;
    }
    if (!name.trim()) next.recipient_name = "Enter the recipient's name.";
    if (!email.trim()) next.recipient_email = "Enter the recipient's email.";
    if (calendar && deliverOn && (deliverOn < calendar.today || deliverOn > calendar.last)) {
      next.deliver_on = `Choose a delivery date from today to ${calendar.last}.`;
    }
    setErrors(next);
    setFormError(null);
    return Object.keys(next).length === 0;
  }

  /**
   * Buys the gift with the chosen saved card, the typed card or (`wallet`) Apple Pay / Google Pay, whose card is not
   * kept (decision 160). Answers whether it was paid.
   */
  async function buy(wallet?: WalletPayment): Promise<boolean> {
    if (busy) return false;
    const fieldsOk = checkFields();
    const typed = !wallet && method === "new";
    const source = typed ? cardForm.source() : null;
    if (cents === null || !fieldsOk || (typed && !source) || (!wallet && !method)) return false;
    const saved = !wallet && method !== "new" ? method : null;
    setBusy(true);
    try {
      const made = await call((o) =>
        checkoutClient.gift.$post(
          {
            json: {
              amount_cents: cents,
              recipient_name: name,
              recipient_email: email,
              message: message || null,
              deliver_on: calendar && deliverOn ? deliverOn : null,
              time_zone: calendar?.tz ?? null,
              payment_method_id: saved,
              idempotencyKey: newAttemptKey("gift"),
            },
          },
          o,
        ),
      );
      const pi = made.payment_intent;
      if (wallet) await wallet.confirm(pi);
      else if (typed) await confirmCard({ clientSecret: pi.client_secret, source: source!, authenticate: auth.ask });
      else await finishServerIntent(pi, auth.ask);
      const done = await call((o) => checkoutClient.gift.confirm.$post({ json: { payment_intent_id: pi.id } }, o));
      if (done.status !== "succeeded") throw new ApiError("CHARGE_ERROR", "Your payment is still processing.", 202);
      notify("success", done.message ?? "Your gift card is on its way.");
      cardForm.reset();
      setSent({ amount: cents, to: name, on: done.gift_card?.delivered === false ? deliverOn : null });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.fields && !err.fields.card && !err.fields.payment_method_id) {
        setErrors(err.fields);
        setFormError(err.message);
      } else if (typed) cardForm.setError(cardFailureMessage(err));
      else setFormError(cardFailureMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="card" role="status">
        <h2 className="card-title">{sent.on ? "Your gift is scheduled" : "Your gift is on its way"}</h2>
        <p>
          {sent.on
            ? `We'll send a ${formatCents(sent.amount)} eGift card to ${sent.to} on ${longDate(sent.on)}, in the morning. Thank you!`
            : `We sent a ${formatCents(sent.amount)} eGift card to ${sent.to}. Thank you!`}
        </p>
        <div>
          <button type="button" className="button button-secondary" onClick={() => setSent(null)}>
            Send another
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void buy();
      }}
    >
      {auth.dialog}
      <h2 className="card-title">Buy an eGift card</h2>
      <fieldset className="pay-options">
        <legend className="field-label">Amount</legend>
        <div className="amount-presets">
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className="chip"
              aria-pressed={custom.trim() === "" && amount === p}
              onClick={() => {
                setAmount(p);
                setCustom("");
              }}
            >
              {formatCents(p).replace(".00", "")}
            </button>
          ))}
        </div>
        <Field
          label="Or another amount ($)"
          inputMode="numeric"
          value={custom}
          onChange={(e) => setCustom(e.target.value.replace(/\D/g, "").slice(0, 4))}
          error={errors.amount}
          hint={`Whole dollars, ${formatCents(PRICING.giftCardMinCents)} to ${formatCents(PRICING.giftCardMaxCents)}.`}
        />
      </fieldset>
      <Field
        label="Recipient's name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.recipient_name}
      />
      <Field
        label="Recipient's email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.recipient_email}
      />
      <Field
        label="Delivery date"
        type="date"
        value={deliverOn}
        min={calendar?.today}
        max={calendar?.last}
        onChange={(e) => setDeliverOn(e.target.value)}
        error={errors.deliver_on}
        hint={`Today sends it now; a later day sends it that morning (${GIFT_DELIVERY_LOCAL_TIME.replace(/^0/, "")} your time).`}
        data-testid="gift-deliver-on"
      />
      <Field
        label="Message"
        optionalMark
        value={message}
        maxLength={300}
        onChange={(e) => setMessage(e.target.value)}
      />
      {(cards.data?.length ?? 0) > 0 && (
        <SavedCardRadios cards={cards.data!} value={method} onChange={setMethod} name="gift-method" />
      )}
      {method === "new" && <CardForm form={cardForm} amountCents={cents} />}
      <FormError message={formError} />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={busy || !method}
        data-testid="gift-pay"
      >
        {busy ? "Processing…" : `Pay ${cents ? formatCents(cents) : ""}`}
      </button>
      {cents !== null && giftAmountAllowed(cents) && (
        <WalletButton amountCents={cents} disabled={busy} canOpen={checkFields} onPay={buy} onError={setFormError} />
      )}
    </form>
  );
}

/** "YYYY-MM-DD" as "Friday, December 4" (a local date: read at noon UTC so no zone moves it a day). */
const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
