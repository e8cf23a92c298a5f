import { useId, useState, type ReactNode } from "react";
import { CUSTOMER_NOTES_MAX } from "../../../../domain/customer-notes";
import { isPartialAddress } from "../../../../domain/location/address";
import { CardForm, SavedCardRadios, useCardForm } from "../../../components/ui/card-form";
import { AddressInput } from "../../../components/ui/address-input";
import { Field } from "../../../components/ui/field";
import { CheckIcon, ChevronDownIcon } from "../../../components/ui/icons";
import { formatCents } from "../../../lib/format";
import { resolvePlace, suggestAddresses, type AddressSuggestion } from "../../../lib/location-lookup";
import { type CheckoutSummary } from "../api/checkout";
import { WalletButton, type WalletPay } from "../../../components/ui/wallet-button";

/** The signed-in checkout's numbered areas: contact, service address, credit and payment. */

export function Area({
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

export function ContactArea({
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
export function AddressArea({
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
export function CreditArea({
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
export function PaymentArea({
  totalCents,
  cards,
  method,
  onMethod,
  cardForm,
  saveCard,
  onSaveCard,
  paying,
  onWalletPay,
  walletCanOpen,
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
  onWalletPay: WalletPay;
  /** Checks the rest of the form before the wallet's sheet opens. */
  walletCanOpen(): boolean;
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
              <CardForm
                form={cardForm}
                legend={cards.length ? "Add a payment method" : "Card details"}
                amountCents={totalCents}
              />
              <label className="check-row">
                <input type="checkbox" checked={saveCard} onChange={(e) => onSaveCard(e.target.checked)} />
                <span>Save this card for future bookings and tips</span>
              </label>
            </div>
          )}
          <WalletButton
            amountCents={totalCents}
            disabled={paying}
            canOpen={walletCanOpen}
            onPay={onWalletPay}
            onError={onError}
          />
        </>
      )}
    </Area>
  );
}

export function ServiceAddressField({
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
