import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { checkCheckoutEmail, checkServiceAddress } from "../../../../domain/checkout-rules";
import { cleanCustomerNotes } from "../../../../domain/customer-notes";
import { catalogue } from "../../../../domain/messages";
import { AppLink } from "../../../components/ui/app-link";
import { useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { FormError } from "../../../components/ui/field";
import { ShieldIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { mergeCart } from "../../../lib/cart-api";
import { formatCents, formatPhone } from "../../../lib/format";
import { looksLikeUsPhone } from "../../../lib/validate";
import {
  cardFailureMessage,
  confirmCard,
  defaultCardId,
  finishServerIntent,
  newAttemptKey,
} from "../../../lib/payments";
import type { WalletPayment } from "../../../components/ui/wallet-button";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { clearCart } from "../../../stores/cart-store";
import {
  chargeConfirm,
  chargeStripe,
  completeOrder,
  getSummary,
  validateCart,
  type CheckoutItem,
  type CheckoutSummary,
  type Completion,
  type PlacedOrder,
} from "../api/checkout";
import { AddressArea, ContactArea, CreditArea, PaymentArea } from "./checkout-areas";
import { ReserveCountdown, Summary } from "./checkout-summary";

/** A cart that no longer checks out (a time lapsed, a price moved) goes back to the cart with the reason. */
export function backToCart(err: ApiError, navigate: ReturnType<typeof useNavigate>) {
  notify("error", err.fields?.cart ?? err.message);
  void navigate({ to: "/cart" });
}

/**
 * Moves focus (and so the view, on a phone) to the first field with an error, in the form's order; false when no
 * such field is on screen.
 */
function focusFirstError(errors: Record<string, string>): boolean {
  const ids: Record<string, string> = { email: "checkout-email", phone: "checkout-phone", address: "checkout-address" };
  const first = ["email", "phone", "address"].find((f) => errors[f]);
  const field = first ? document.querySelector<HTMLElement>(`[data-testid="${ids[first]}"]`) : null;
  // A field in a folded area is not on screen: the caller says it at the form instead.
  if (!field || field.offsetParent === null) return false;
  field.focus();
  return true;
}

/** The signed-in checkout: loads the summary, collects contact, address and payment, and places the order. */
export function SignedInCheckout({ onPlaced }: { onPlaced(p: { order: PlacedOrder; items: CheckoutItem[] }): void }) {
  const navigate = useNavigate();
  const [useCredit, setUseCredit] = useState(true);
  const merged = useRef(false);
  const summary = useRequest<CheckoutSummary>(`checkout:${useCredit}`, async (signal) => {
    // A cart filled as a visitor joins the account first (docs/api-cart.md), then it is validated again.
    if (!merged.current) {
      await mergeCart(signal).catch(() => undefined);
      merged.current = true;
      await validateCart();
    }
    return getSummary(useCredit, signal);
  });
  const data = summary.data;
  const auth = useAuthenticator();
  const cardForm = useCardForm();

  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [address, setAddress] = useState("");
  const [notes, setNotes] = useState("");
  const [method, setMethod] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const seeded = useRef(false);

  useEffect(() => {
    if (!data || seeded.current) return;
    seeded.current = true;
    setEmail(data.contact.email ?? "");
    setPhone(data.contact.phone ? formatPhone(data.contact.phone) : "");
    setAddress(data.contact.address ?? "");
    setMethod(data.payment_methods.length ? defaultCardId(data.payment_methods) : "new");
  }, [data]);

  useEffect(() => {
    const err = summary.error;
    if (err instanceof ApiError && err.code === "ERROR_CHECKOUT_VALIDATION_FAILED") backToCart(err, navigate);
  }, [summary.error, navigate]);

  const onLapse = () => {
    validateCart().then(
      () => summary.reload(),
      (err) => err instanceof ApiError && backToCart(err, navigate),
    );
  };

  if (summary.loading && !data) return <CheckoutSkeleton />;
  if (!data) return <CheckoutLoadError error={summary.error} onRetry={summary.reload} />;

  const cards = data.payment_methods;
  const total = data.total_cents;
  const needsCard = total > 0;

  function checkContact(): Record<string, string> {
    const next: Record<string, string> = {};
    const e = checkCheckoutEmail(email, { business: data!.business_email_required });
    if (!e.ok) next.email = e.message;
    if (!looksLikeUsPhone(phone)) next.phone = catalogue.PHONE_NOT_VALID.text;
    // The API's own rule, so an address in another ZIP gets the one right message before any request.
    const place = checkServiceAddress(address, data!.zipCode ?? "");
    if (!place.ok && (place.code === "INVALID_ADDRESS" || data!.zipCode)) next.address = place.message;
    return next;
  }

  async function finish(done: Completion, key: string, orderId: number) {
    let result = done;
    if (result.status !== "succeeded") result = await completeOrder({ idempotencyKey: key, order_id: orderId });
    if (result.status !== "succeeded" || !("order" in result)) {
      throw new ApiError(
        "ERROR_CHECKOUT_UNEXPECTED",
        "Your payment is still processing. We'll text you once it's confirmed.",
        202,
      );
    }
    clearCart();
    cardForm.reset();
    notify("success", catalogue.ORDER_PLACED.text);
    onPlaced({ order: result.order, items: data!.items });
  }

  /** Contact and address checked before anything is charged: their errors show, and false stops the payment. */
  function contactReady(): boolean {
    const contactErrors = checkContact();
    setErrors(contactErrors);
    if (!Object.keys(contactErrors).length) return true;
    if (!focusFirstError(contactErrors)) setFormError("Please check your contact details and service address.");
    return false;
  }

  /**
   * `wallet`: paying by Apple Pay / Google Pay (WalletButton); its card is not kept, whatever the typed card's "save"
   * box says (decision 160). Answers whether the order was placed.
   */
  async function pay(wallet?: WalletPayment): Promise<boolean> {
    if (paying) return false;
    setFormError(null);
    const source = needsCard && !wallet && method === "new" ? cardForm.source() : null;
    if (!contactReady()) return false;
    if (needsCard && !wallet && method === "new" && !source) return false;
    if (needsCard && !wallet && !method) {
      setFormError("Choose a payment method.");
      return false;
    }
    setPaying(true);
    const key = newAttemptKey("checkout");
    const saved = needsCard && !wallet && method && method !== "new" ? method : null;
    try {
      const charge = await chargeStripe({
        email,
        phone,
        address,
        notes: cleanCustomerNotes(notes),
        use_credit: useCredit,
        payment_method_id: saved,
        isSavePaymentMethod: !saved && !wallet && saveCard,
        idempotencyKey: key,
      });
      const pi = charge.payment_intent;
      if (!pi) {
        await finish({ status: "pending" } as Completion, key, charge.order_id);
        return true;
      }
      if (wallet) await wallet.confirm(pi);
      else if (saved) await finishServerIntent(pi, auth.ask);
      else
        await confirmCard({ clientSecret: pi.client_secret, source: source!, save: saveCard, authenticate: auth.ask });
      await finish(await chargeConfirm(pi.id), key, charge.order_id);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERROR_CHECKOUT_VALIDATION_FAILED") backToCart(err, navigate);
      else if (
        err instanceof ApiError &&
        (err.code === "CART_ITEM_NOT_AVAILABLE" || err.code === "CART_ITEM_DATE_CHANGED")
      ) {
        backToCart(err, navigate);
      } else if (err instanceof ApiError && err.fields && !err.fields.card) {
        // Each field's own message, under the field, once: the catalogue's summary would say it a second time.
        setErrors(err.fields);
        if (!focusFirstError(err.fields) && !err.fields.notes) setFormError(err.message);
      } else if (wallet || method !== "new") setFormError(cardFailureMessage(err));
      else cardForm.setError(cardFailureMessage(err));
      return false;
    } finally {
      setPaying(false);
    }
  }

  const contactDone = !checkContact().email && !checkContact().phone;
  return (
    <div className="checkout-layout">
      {auth.dialog}
      <form
        className="checkout-main"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
      >
        <ReserveCountdown items={data.items} onLapse={onLapse} />

        <ContactArea
          email={email}
          phone={phone}
          onEmail={setEmail}
          onPhone={setPhone}
          errors={errors}
          done={contactDone}
          businessEmail={data.business_email_required}
        />

        <AddressArea
          address={address}
          notes={notes}
          onAddress={setAddress}
          onNotes={setNotes}
          errors={errors}
          zipCode={data.zipCode}
        />

        {data.credit_available_cents > 0 && (
          <CreditArea
            useCredit={useCredit}
            onUseCredit={setUseCredit}
            availableCents={data.credit_available_cents}
            appliedCents={data.credit_applied_cents}
          />
        )}

        <PaymentArea
          totalCents={total}
          cards={cards}
          method={method}
          onMethod={setMethod}
          cardForm={cardForm}
          saveCard={saveCard}
          onSaveCard={setSaveCard}
          paying={paying}
          onWalletPay={pay}
          walletCanOpen={contactReady}
          onError={setFormError}
        />

        <FormError message={formError} />
        <button
          type="submit"
          className="button button-primary button-block checkout-pay"
          disabled={paying}
          data-testid="checkout-pay"
        >
          {paying ? "Processing…" : needsCard ? `Pay ${formatCents(total)}` : "Confirm booking"}
        </button>
        <p className="form-fine">
          <ShieldIcon size={14} /> Payments are encrypted. Cancel free until 24 hours before your appointment.
        </p>
      </form>

      <aside className="checkout-side" aria-labelledby="summary-title">
        <Summary data={data} loading={summary.loading} />
      </aside>
    </div>
  );
}

/** The checkout while its summary loads. */
export function CheckoutSkeleton() {
  return (
    <div className="checkout-layout" aria-busy="true">
      <div className="checkout-main">
        <div className="skeleton" style={{ height: 220, borderRadius: 14 }} />
      </div>
      <div className="checkout-side">
        <div className="skeleton" style={{ height: 260, borderRadius: 14 }} />
      </div>
      <span className="sr-only" role="status">
        Loading your checkout…
      </span>
    </div>
  );
}

/** The summary could not load: try again, or go back to the cart. */
export function CheckoutLoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="card" role="alert">
      <p>{errorMessage(error)}</p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try again
        </button>
        <AppLink href="/cart" className="button button-secondary">
          Back to Cart
        </AppLink>
      </div>
    </div>
  );
}

/** Email and mobile phone for the booking (checked before paying: domain/checkout-rules.ts). */
