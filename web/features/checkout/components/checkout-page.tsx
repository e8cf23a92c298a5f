import { useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { checkCheckoutEmail } from "../../../../domain/checkout-rules";
import { cleanCustomerNotes, CUSTOMER_NOTES_MAX } from "../../../../domain/customer-notes";
import { isPartialAddress } from "../../../../domain/location/address";
import { catalogue } from "../../../../domain/messages";
import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CardForm, SavedCardRadios, useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { AddressInput } from "../../../components/ui/address-input";
import { Field, FormError } from "../../../components/ui/field";
import { CheckIcon, ChevronDownIcon, ClockIcon, ShieldIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { mergeCart } from "../../../lib/cart-api";
import { formatCents, formatPhone } from "../../../lib/format";
import { looksLikeUsPhone } from "../../../lib/validate";
import { resolvePlace, suggestAddresses, type AddressSuggestion } from "../../../lib/location-lookup";
import { formatLocalTime } from "../../../lib/local-time";
import {
  cardFailureMessage,
  confirmCard,
  defaultCardId,
  finishServerIntent,
  newAttemptKey,
  type IntentView,
} from "../../../lib/payments";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { cartStore, clearCart } from "../../../stores/cart-store";
import { useShell } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";
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
import { WalletButton } from "./wallet-button";

/** /checkout (docs/product.md sections 2, 4 and 5): the header shows "Back to Cart" on phones; the bottom bar is hidden. */
export function CheckoutPage() {
  const count = cartStore.use((s) => s.count);
  const { viewer } = useShell();
  const [placed, setPlaced] = useState<{ order: PlacedOrder; items: CheckoutItem[] } | null>(null);

  if (placed) return <OrderConfirmation order={placed.order} items={placed.items} />;

  if (count === 0) {
    return (
      <Page title="Checkout">
        <EmptyState
          icon={<ShieldIcon size={28} />}
          title="There's nothing to check out yet"
          steps={[
            { label: "Book by ZIP", href: "/#book", primary: true },
            { label: "Back to Cart", href: "/cart" },
          ]}
        >
          <p>Add a service to your cart first. You pay when you book; changes are free up to 24 hours before.</p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title="Checkout" intro="A few details and you're booked." width="wide">
      {!viewer ? <VisitorCheckout /> : <SignedInCheckout key={viewer.user_id} onPlaced={setPlaced} />}
    </Page>
  );
}

/** Re-validates the cart on arrival; anything changed sends the customer back to /cart with the message. */
function CartCheck() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    validateCart().catch((err) => {
      if (!live) return;
      if (err instanceof ApiError && err.code === "ERROR_CHECKOUT_VALIDATION_FAILED") backToCart(err, navigate);
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return null;
}

function backToCart(err: ApiError, navigate: ReturnType<typeof useNavigate>) {
  notify("error", err.fields?.cart ?? err.message);
  void navigate({ to: "/cart" });
}

function VisitorCheckout() {
  return (
    <div className="checkout-layout">
      <CartCheck />
      <div className="checkout-main">
        <section className="card checkout-gate" aria-labelledby="gate-title">
          <h2 className="card-title" id="gate-title">
            Log in or create an account to book
          </h2>
          <p className="muted">
            We need an account to confirm your appointment and text you about your professional. Your cart stays exactly
            as it is.
          </p>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => openAuthModal("login")}>
              Log In
            </button>
            <button type="button" className="button button-secondary" onClick={() => openAuthModal("signup")}>
              Create Account
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}

/** One collapsible area of the checkout (docs/product.md "Checkout areas: accordion"). */
function Area({
  title,
  summary,
  children,
  defaultOpen = true,
  done,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  done?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className={`accordion-item${open ? " is-open" : ""}`}>
      <h2 className="accordion-heading">
        <button
          type="button"
          className="accordion-trigger"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          id={`${id}-trigger`}
          onClick={() => setOpen(!open)}
        >
          <span className={`accordion-mark${done ? " is-done" : ""}`} aria-hidden="true">
            {done ? <CheckIcon size={14} /> : null}
          </span>
          <span className="accordion-title">{title}</span>
          {!open && summary && <span className="accordion-summary">{summary}</span>}
          <ChevronDownIcon size={18} />
        </button>
      </h2>
      <div
        id={`${id}-panel`}
        role="region"
        aria-labelledby={`${id}-trigger`}
        hidden={!open}
        className="accordion-panel"
      >
        {children}
      </div>
    </section>
  );
}

function ReserveCountdown({ items, onLapse }: { items: readonly CheckoutItem[]; onLapse(): void }) {
  const until = useMemo(() => {
    const times = items.map((i) => (i.hold_expires_at ? Date.parse(i.hold_expires_at) : NaN)).filter(Number.isFinite);
    return times.length ? Math.min(...times) : null;
  }, [items]);
  const [now, setNow] = useState(() => Date.now());
  const lapsed = useRef(false);
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const left = until === null ? null : Math.max(0, until - now);
  useEffect(() => {
    if (left === 0 && !lapsed.current) {
      lapsed.current = true;
      onLapse();
    }
  }, [left, onLapse]);
  if (left === null) return null;
  const mm = Math.floor(left / 60000);
  const ss = String(Math.floor((left % 60000) / 1000)).padStart(2, "0");
  return (
    <div className="reserve" role="timer" aria-live="off">
      <ClockIcon size={18} />
      <span>
        {left > 0 ? (
          <>
            We're holding your {items.length === 1 ? "time" : "times"} for <strong>{`${mm}:${ss}`}</strong>.
          </>
        ) : (
          "Your hold has ended. We're checking your times again."
        )}
      </span>
    </div>
  );
}

function SignedInCheckout({ onPlaced }: { onPlaced(p: { order: PlacedOrder; items: CheckoutItem[] }): void }) {
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
    if (isPartialAddress(address)) next.address = "Enter the full service address: street, city, state and ZIP code.";
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

  async function pay(wallet?: (pi: IntentView) => Promise<void>) {
    if (paying) return;
    setFormError(null);
    const contactErrors = checkContact();
    setErrors(contactErrors);
    const source = needsCard && !wallet && method === "new" ? cardForm.source() : null;
    if (Object.keys(contactErrors).length) {
      setFormError("Please check your contact details and service address.");
      return;
    }
    if (needsCard && !wallet && method === "new" && !source) return;
    if (needsCard && !wallet && !method) {
      setFormError("Choose a payment method.");
      return;
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
        return;
      }
      if (wallet) await wallet(pi);
      else if (saved) await finishServerIntent(pi, auth.ask);
      else
        await confirmCard({ clientSecret: pi.client_secret, source: source!, save: saveCard, authenticate: auth.ask });
      await finish(await chargeConfirm(pi.id), key, charge.order_id);
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERROR_CHECKOUT_VALIDATION_FAILED") return backToCart(err, navigate);
      if (
        err instanceof ApiError &&
        (err.code === "CART_ITEM_NOT_AVAILABLE" || err.code === "CART_ITEM_DATE_CHANGED")
      ) {
        return backToCart(err, navigate);
      }
      if (err instanceof ApiError && err.fields && !err.fields.card) {
        setErrors(err.fields);
        setFormError(err.message);
      } else if (wallet || method !== "new") setFormError(cardFailureMessage(err));
      else cardForm.setError(cardFailureMessage(err));
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
          onWalletPay={(confirmWallet) => pay(confirmWallet)}
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
function CheckoutSkeleton() {
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
function CheckoutLoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
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
function ContactArea({
  email,
  phone,
  onEmail,
  onPhone,
  errors,
  done,
  businessEmail,
}: {
  email: string;
  phone: string;
  onEmail(v: string): void;
  onPhone(v: string): void;
  errors: Record<string, string>;
  done: boolean;
  businessEmail: boolean;
}) {
  return (
    <Area title="Contact" summary={email} done={done}>
      <div className="contact-fields">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => onEmail(e.target.value)}
          error={errors.email}
          hint={businessEmail ? "Business services need your business email." : undefined}
          data-testid="checkout-email"
        />
        <Field
          label="Mobile phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => onPhone(e.target.value)}
          error={errors.phone}
          hint="We text you when your professional is on the way."
          data-testid="checkout-phone"
        />
      </div>
    </Area>
  );
}

/** The service address and the notes for the pro (domain/customer-notes.ts). */
function AddressArea({
  address,
  notes,
  onAddress,
  onNotes,
  errors,
  zipCode,
}: {
  address: string;
  notes: string;
  onAddress(v: string): void;
  onNotes(v: string): void;
  errors: Record<string, string>;
  zipCode: string | null;
}) {
  return (
    <Area title="Service address" summary={address} done={!isPartialAddress(address)}>
      <ServiceAddressField
        value={address}
        onChange={onAddress}
        error={errors.address}
        hint={zipCode ? `Your cart was priced for ZIP ${zipCode}.` : undefined}
      />
      <div className={`field${errors.notes ? " has-error" : ""}`}>
        <label htmlFor="checkout-notes" className="field-label">
          Notes for your pro<span className="field-optional"> (optional)</span>
        </label>
        <textarea
          id="checkout-notes"
          className="textarea"
          rows={3}
          maxLength={CUSTOMER_NOTES_MAX}
          placeholder="Gate or door code, parking, pets, anything that helps"
          value={notes}
          onChange={(e) => onNotes(e.target.value)}
          aria-describedby="checkout-notes-hint"
          aria-invalid={errors.notes ? true : undefined}
          data-testid="checkout-notes"
        />
        <p id="checkout-notes-hint" className="field-hint">
          Only the pro who takes your booking sees these. {CUSTOMER_NOTES_MAX - notes.length} characters left.
        </p>
        {errors.notes && <p className="field-error">{errors.notes}</p>}
      </div>
    </Area>
  );
}

/** Whether the account's credit pays first, and how much of it applies. */
function CreditArea({
  useCredit,
  onUseCredit,
  availableCents,
  appliedCents,
}: {
  useCredit: boolean;
  onUseCredit(v: boolean): void;
  availableCents: number;
  appliedCents: number;
}) {
  return (
    <Area title="Account credit" summary={formatCents(appliedCents)} done>
      <label className="check-row">
        <input type="checkbox" checked={useCredit} onChange={(e) => onUseCredit(e.target.checked)} />
        <span>
          Use my credit: <strong>{formatCents(availableCents)}</strong> available
          {useCredit && appliedCents > 0 ? `, ${formatCents(appliedCents)} applied` : ""}
        </span>
      </label>
    </Area>
  );
}

/** A saved card, a new card (saved for later if wanted) or a wallet; nothing when credit covers the total. */
function PaymentArea({
  totalCents,
  cards,
  method,
  onMethod,
  cardForm,
  saveCard,
  onSaveCard,
  paying,
  onWalletPay,
  onError,
}: {
  totalCents: number;
  cards: CheckoutSummary["payment_methods"];
  method: string | null;
  onMethod(v: string | null): void;
  cardForm: ReturnType<typeof useCardForm>;
  saveCard: boolean;
  onSaveCard(v: boolean): void;
  paying: boolean;
  onWalletPay: Parameters<typeof WalletButton>[0]["onPay"];
  onError(message: string): void;
}) {
  const needsCard = totalCents > 0;
  return (
    <Area title="Payment" done={!needsCard || (method !== null && method !== "new")}>
      {!needsCard ? (
        <p className="muted">Your credit covers this booking. Nothing will be charged to a card.</p>
      ) : (
        <>
          {cards.length > 0 && (
            <SavedCardRadios
              cards={cards}
              value={method}
              onChange={onMethod}
              name="checkout-method"
              legend="Saved payment options"
            />
          )}
          {method === "new" && (
            <div className="new-card">
              <CardForm form={cardForm} legend={cards.length ? "Add a payment method" : "Card details"} />
              <label className="check-row">
                <input type="checkbox" checked={saveCard} onChange={(e) => onSaveCard(e.target.checked)} />
                <span>Save this card for future bookings and tips</span>
              </label>
            </div>
          )}
          <WalletButton amountCents={totalCents} disabled={paying} onPay={onWalletPay} onError={onError} />
        </>
      )}
    </Area>
  );
}

function Summary({ data, loading }: { data: CheckoutSummary; loading: boolean }) {
  return (
    <div className="card checkout-summary" aria-busy={loading}>
      <h2 className="card-title" id="summary-title">
        Order summary
      </h2>
      <SummaryItems items={data.items} />
      <dl className="summary-lines">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(data.subtotal_cents)}</dd>
        </div>
        {data.member_discount_cents > 0 && (
          <div>
            <dt>Member discount</dt>
            <dd>−{formatCents(data.member_discount_cents)}</dd>
          </div>
        )}
        <div>
          <dt>Service fee</dt>
          <dd>{formatCents(data.service_fee_cents)}</dd>
        </div>
        {data.tax_cents > 0 && (
          <div>
            <dt>Tax</dt>
            <dd>{formatCents(data.tax_cents)}</dd>
          </div>
        )}
        {data.credit_applied_cents > 0 && (
          <div>
            <dt>Account credit</dt>
            <dd>−{formatCents(data.credit_applied_cents)}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatCents(data.total_cents)}</dd>
        </div>
      </dl>
      {!data.member && (
        <p className="form-fine">
          Members save on every service. <AppLink href="/membership">Learn about membership</AppLink>
        </p>
      )}
    </div>
  );
}

function OrderConfirmation({ order, items }: { order: PlacedOrder; items: CheckoutItem[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <Page title="Checkout">
      <section className="card order-confirmation" data-testid="order-confirmation" aria-labelledby="confirm-title">
        <div className="confirm-icon" aria-hidden="true">
          <CheckIcon size={28} />
        </div>
        <h2 className="card-title" id="confirm-title" tabIndex={-1} ref={headingRef}>
          You're booked! Order #{order.order_id}
        </h2>
        <p className="muted">
          {catalogue.ORDER_PLACED.text}
          {order.email ? ` A receipt is on its way to ${order.email}.` : ""}
        </p>
        <SummaryItems items={items} />
        <ChosenPros jobs={order.jobs} />
        <p className="summary-total-line">
          Total charged <strong>{formatCents(order.total_cents)}</strong>
        </p>
        <div className="form-actions">
          <AppLink href="/account/orders" className="button button-primary">
            View my orders
          </AppLink>
          <AppLink href="/services" className="button button-secondary">
            Book another service
          </AppLink>
        </div>
      </section>
    </Page>
  );
}

/** "Maya will confirm by 3:40 PM": each job whose pro the customer chose, and when that pro answers by. */
function ChosenPros({ jobs }: { jobs: PlacedOrder["jobs"] }) {
  const chosen = jobs.filter((j) => j.chosen_vendor_name && j.confirm_by_local && j.vendor_id === null);
  if (chosen.length === 0) return null;
  return (
    <ul className="order-note" data-testid="chosen-pros">
      {chosen.map((j) => (
        <li key={j.service_order_id}>
          <strong>{j.chosen_vendor_name}</strong> will confirm your {j.description} by{" "}
          {formatLocalTime(j.confirm_by_local, j.time_zone)}. If they can't, we text you at once to pick another pro or
          cancel for a full refund.
        </li>
      ))}
    </ul>
  );
}

/** The booked services with their local times and prices, in the summary and on the confirmation. */
function SummaryItems({ items }: { items: readonly CheckoutItem[] }) {
  return (
    <ul className="summary-items">
      {items.map((i) => (
        <li key={i.cartitemid}>
          <div>
            <strong>{i.description}</strong>
            <span className="muted">{formatLocalTime(i.selectedDate, i.time_zone)}</span>
          </div>
          <span>{formatCents(i.price_cents)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The service address with the address autocomplete (docs/product.md section 5): street-address suggestions
 * from 3 characters that start with a street number, 300 ms after the last keystroke, US only; a picked
 * suggestion is resolved to its full address with its ZIP (POST /google/placeDetails); Enter without a
 * pick keeps the typed text and submits the form.
 */
function ServiceAddressField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const [pickError, setPickError] = useState<string | null>(null);
  const shown = pickError ?? error ?? null;
  const describedBy = [hint ? `${id}-hint` : null, shown ? `${id}-err` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${shown ? " has-error" : ""}`}>
      <label htmlFor={`${id}-input`} className="field-label">
        Where should your professional come?
      </label>
      <AddressInput<AddressSuggestion>
        id={`${id}-input`}
        name="address"
        autoComplete="street-address"
        placeholder="Street, city, state and ZIP"
        value={value}
        onValueChange={(v) => {
          setPickError(null);
          onChange(v);
        }}
        getSuggestions={suggestAddresses}
        onPick={(s) => {
          onChange(s.label);
          void resolvePlace(s.place_id).then((found) => {
            if (found.ok) onChange(found.label ?? s.label);
            else setPickError(found.message);
          });
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy}
        data-testid="checkout-address"
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {shown && (
        <p id={`${id}-err`} className="field-error">
          {shown}
        </p>
      )}
    </div>
  );
}
