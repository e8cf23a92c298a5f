import type { StripeElements } from "@stripe/stripe-js";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { checkCard, formatExpiry } from "../../../domain/cards";
import { catalogue, isMessageCode } from "../../../domain/messages";
import {
  EMPTY_CARD,
  getPaymentsConfig,
  splitExpiry,
  type CardInput,
  type CardSource,
  type SavedCard,
} from "../../lib/payments";
import { Dialog } from "./dialog";
import { LockIcon } from "./lock-icon";

/**
 * The card entry (docs/product.md section 5 "Card form"): number, expiry, security code and billing ZIP, checked with
 * domain/cards.ts before anything is sent; an unfinished entry shows the CARD_INCOMPLETE text, and the
 * provider's own message appears beneath the field. With the Stripe provider Stripe's Payment Element
 * replaces the four inputs (loaded on demand, docs/decisions/144).
 */
export interface CardFormState {
  card: CardInput;
  setCard(next: CardInput): void;
  error: string | null;
  setError(message: string | null): void;
  provider: "local" | "stripe" | null;
  /** The Payment Element's group once mounted (Stripe mode). */
  stripeElements: React.MutableRefObject<StripeElements | null>;
  stripeComplete: boolean;
  setStripeComplete(v: boolean): void;
  /** Checks the entry; answers the source to pay with, or null after showing why not. */
  source(): CardSource | null;
  reset(): void;
}

export function useCardForm(): CardFormState {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [error, setError] = useState<string | null>(null);
  const [provider, setProvider] = useState<"local" | "stripe" | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  const stripeElements = useRef<StripeElements | null>(null);
  useEffect(() => {
    let live = true;
    getPaymentsConfig().then(
      (c) => live && setProvider(c.provider),
      () => live && setProvider("local"),
    );
    return () => {
      live = false;
    };
  }, []);
  const source = useCallback((): CardSource | null => {
    if (provider === "stripe") {
      if (!stripeElements.current || !stripeComplete) {
        setError(catalogue.CARD_INCOMPLETE.text);
        return null;
      }
      setError(null);
      return { kind: "stripe", elements: stripeElements.current };
    }
    const { exp_month, exp_year } = splitExpiry(card.exp);
    const check = checkCard(
      { number: card.number, exp_month, exp_year, cvc: card.cvc, postal_code: card.postal_code },
      Date.now(),
    );
    if (!check.ok) {
      setError(isMessageCode(check.code) ? catalogue[check.code].text : catalogue.CARD_INCOMPLETE.text);
      return null;
    }
    setError(null);
    return { kind: "local", card };
  }, [card, provider, stripeComplete]);
  const reset = useCallback(() => {
    setCard(EMPTY_CARD);
    setError(null);
  }, []);
  return { card, setCard, error, setError, provider, stripeElements, stripeComplete, setStripeComplete, source, reset };
}

/** Groups the digits in fours as they are typed (15-digit American Express: 4-6-5). */
function groupDigits(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 19);
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(" ");
  return d.replace(/(\d{4})(?=\d)/g, "$1 ");
}

function formatExpInput(raw: string, prev: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 4);
  if (raw.length < prev.length) return raw; // deleting: leave as typed
  if (d.length === 1 && Number(d) > 1) return `0${d} / `;
  if (d.length >= 2) return `${d.slice(0, 2)} / ${d.slice(2)}`;
  return d;
}

const StripePaymentField = lazy(() => import("./stripe-payment-field"));

const LOAD_FAILED = "The payment form failed to load. Please refresh the page and try again.";

function StripeCardField({
  form,
  labelId,
  amountCents,
}: {
  form: CardFormState;
  labelId: string;
  amountCents: number | null;
}) {
  const { stripeElements, setStripeComplete, setError } = form;
  const onElements = useCallback(
    (elements: StripeElements | null) => {
      stripeElements.current = elements;
    },
    [stripeElements],
  );
  const onComplete = useCallback(
    (complete: boolean) => {
      setStripeComplete(complete);
      if (complete) setError(null);
    },
    [setStripeComplete, setError],
  );
  return (
    <div className="stripe-card" aria-labelledby={labelId}>
      <Suspense fallback={<p className="muted">Loading the secure card form…</p>}>
        <StripePaymentField
          amountCents={amountCents}
          onElements={onElements}
          onComplete={onComplete}
          onLoadError={() => setError(LOAD_FAILED)}
        />
      </Suspense>
    </div>
  );
}

/**
 * `amountCents` is what the card will be charged (Stripe's Payment Element shows a payment rather than a card
 * being saved); leave it out where the card is only saved.
 */
export function CardForm({
  form,
  legend = "Card details",
  amountCents = null,
}: {
  form: CardFormState;
  legend?: string;
  amountCents?: number | null;
}) {
  const id = useId();
  const { card, setCard, error, setError } = form;
  const errId = `${id}-err`;
  const set = (patch: Partial<CardInput>) => {
    setCard({ ...card, ...patch });
    if (error) setError(null);
  };
  return (
    <fieldset className={`card-form${error ? " has-error" : ""}`} aria-describedby={error ? errId : undefined}>
      <legend className="field-label" id={`${id}-legend`}>
        <LockIcon size={14} /> {legend}
      </legend>
      {form.provider === "stripe" ? (
        <StripeCardField form={form} labelId={`${id}-legend`} amountCents={amountCents} />
      ) : (
        <div className="card-grid">
          <div className="field card-number">
            <label className="field-label" htmlFor={`${id}-n`}>
              Card number
            </label>
            <input
              id={`${id}-n`}
              className="input"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={card.number}
              onChange={(e) => set({ number: groupDigits(e.target.value) })}
              aria-invalid={error ? true : undefined}
              data-testid="card-number"
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-e`}>
              Expiry (MM / YY)
            </label>
            <input
              id={`${id}-e`}
              className="input"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={card.exp}
              onChange={(e) => set({ exp: formatExpInput(e.target.value, card.exp) })}
              data-testid="card-expiry"
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-c`}>
              Security code
            </label>
            <input
              id={`${id}-c`}
              className="input"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              maxLength={4}
              value={card.cvc}
              onChange={(e) => set({ cvc: e.target.value.replace(/\D/g, "") })}
              data-testid="card-cvc"
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-z`}>
              Billing ZIP
            </label>
            <input
              id={`${id}-z`}
              className="input"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="10001"
              maxLength={10}
              value={card.postal_code}
              onChange={(e) => set({ postal_code: e.target.value.replace(/[^\d-]/g, "") })}
              data-testid="card-zip"
            />
          </div>
        </div>
      )}
      {error && (
        <p id={errId} className="field-error card-error" role="alert" data-testid="card-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A saved card as the spec shows it: brand, last4, expiry MM/YY. */
export function cardLabel(c: SavedCard): string {
  const brand =
    c.card.brand === "amex" ? "American Express" : c.card.brand.charAt(0).toUpperCase() + c.card.brand.slice(1);
  return `${brand} •••• ${c.card.last4}, expires ${formatExpiry(c.card.exp_month, c.card.exp_year)}`;
}

/** Saved payment methods as radio buttons plus "Use a new card" (value "new"). */
export function SavedCardRadios({
  cards,
  value,
  onChange,
  name,
  legend = "Payment method",
}: {
  cards: readonly SavedCard[];
  value: string | null;
  onChange(id: string): void;
  name: string;
  legend?: string;
}) {
  return (
    <fieldset className="pay-options">
      <legend className="field-label">{legend}</legend>
      {cards.map((c) => (
        <label key={c.id} className={`pay-option${value === c.id ? " is-selected" : ""}`}>
          <input type="radio" name={name} value={c.id} checked={value === c.id} onChange={() => onChange(c.id)} />
          <span className="pay-option-text">{cardLabel(c)}</span>
          {c.custom_is_default_payment_method && <span className="default-tag">Default</span>}
        </label>
      ))}
      <label className={`pay-option${value === "new" ? " is-selected" : ""}`}>
        <input type="radio" name={name} value="new" checked={value === "new"} onChange={() => onChange("new")} />
        <span className="pay-option-text">Use a new card</span>
      </label>
    </fieldset>
  );
}

/**
 * The local adapter's 3-D Secure step: an in-page "Approve / Decline" dialog standing in for the bank's
 * check. `ask()` opens it and resolves with the answer (closing it declines).
 */
export function useAuthenticator(): { ask(): Promise<boolean>; dialog: React.ReactNode } {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((v: boolean) => void) | null>(null);
  const answer = (v: boolean) => {
    setOpen(false);
    resolver.current?.(v);
    resolver.current = null;
  };
  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const dialog = (
    <Dialog
      open={open}
      onClose={() => answer(false)}
      title="Confirm this payment with your bank"
      description="Your bank asks you to approve this payment (3-D Secure). This is the test stand-in for your bank's check."
      initialFocus="[data-testid=auth-approve]"
      testId="auth-dialog"
    >
      <div className="form-actions auth-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => answer(false)}
          data-testid="auth-decline"
        >
          Decline
        </button>
        <button type="button" className="button button-primary" onClick={() => answer(true)} data-testid="auth-approve">
          Approve
        </button>
      </div>
    </Dialog>
  );
  return { ask, dialog };
}
