import { useState } from "react";
import { formatExpiry } from "../../../../domain/cards";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CardForm, useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field, FormError } from "../../../components/ui/field";
import { call, errorMessage } from "../../../lib/api-client";
import { giftcardClient } from "../../../lib/api-clients";
import { formatCents } from "../../../lib/format";
import {
  addCard,
  cardFailureMessage,
  listCards,
  removeCard,
  setDefaultCard,
  type SavedCard,
} from "../../../lib/payments";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { useViewer } from "../../../stores/shell-context";
import { asyncHandler } from "../../../lib/async-handler";

/** My Wallet: credit balance, saved cards (brand, last4, MM/YY, default) and gift card redemption. */
export function WalletPage() {
  const viewer = useViewer();
  const [redeemed, setRedeemed] = useState<number | null>(null);
  const credit = redeemed ?? Math.max(0, viewer?.credit_balance ?? 0);
  const immediate = Math.max(0, viewer?.immediate_credit_amt ?? 0);
  return (
    <Page title="My Wallet" intro="Your credits and payment methods, all in one place.">
      <div className="commerce-grid">
        <section className="card" aria-labelledby="credits-title">
          <h2 className="card-title" id="credits-title">
            Account credit
          </h2>
          <p className="big-amount" data-testid="credit-total">
            {formatCents(credit + immediate)}
          </p>
          <p className="muted">
            {immediate > 0
              ? `Includes ${formatCents(immediate)} available right away.`
              : "Applied automatically at checkout."}{" "}
            <AppLink href="/giftcard">How credits work</AppLink>
          </p>
          <RedeemForm onRedeemed={setRedeemed} />
        </section>
        <SavedCards />
      </div>
    </Page>
  );
}

function RedeemForm({ onRedeemed }: { onRedeemed(balanceCents: number): void }) {
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
      notify("success", `${done.message} ${formatCents(done.credited_cents)} added.`);
      onRedeemed(done.credit_balance_cents);
      setCode("");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="inline-form redeem-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field
        label="Redeem a gift card"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        error={error}
        data-testid="redeem-code"
      />
      <button type="submit" className="button button-secondary" disabled={busy}>
        {busy ? "Redeeming…" : "Redeem"}
      </button>
    </form>
  );
}

function SavedCards() {
  const cards = useRequest<SavedCard[]>("wallet:cards", (s) => listCards(s));
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useCardForm();
  const auth = useAuthenticator();
  const [makeDefault, setMakeDefault] = useState(false);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);

  /** Removes the card asked about; the default moves to the newest card left (decision 155), and the page says so. */
  const remove = async (c: SavedCard) => {
    const done = await removeCard(c.id);
    const next = cards.data?.find((k) => k.id === done.default_id);
    const label = (k: SavedCard) =>
      `${k.card.brand === "amex" ? "American Express" : k.card.brand} •••• ${k.card.last4}`;
    notify(
      "success",
      !c.custom_is_default_payment_method
        ? `${label(c)} was removed.`
        : next
          ? `${label(c)} was removed. ${label(next)} is now your default card.`
          : `${label(c)} was removed. You have no saved cards left.`,
    );
    setRemoving(null);
    cards.reload();
  };

  const act = async (id: string, run: () => Promise<void>) => {
    setBusyId(id);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusyId(null);
    }
  };
  const save = async () => {
    const source = form.source();
    if (!source || saving) return;
    setSaving(true);
    try {
      await addCard(source, makeDefault, auth.ask);
      form.reset();
      setAdding(false);
      notify("success", "Your card was saved.");
      cards.reload();
    } catch (err) {
      form.setError(cardFailureMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="cards-title">
      <h2 className="card-title" id="cards-title">
        Saved payment methods
      </h2>
      {cards.loading && !cards.data && <div className="skeleton" style={{ height: 60, borderRadius: 8 }} />}
      {cards.error != null && !cards.data && <FormError message={errorMessage(cards.error)} />}
      {cards.data && cards.data.length === 0 && !adding && (
        <p className="muted">No saved cards yet. Save one here or when you check out.</p>
      )}
      {cards.data && cards.data.length > 0 && (
        <ul className="saved-cards">
          {cards.data.map((c) => (
            <li key={c.id} className="saved-card" data-testid="saved-card">
              <span className="saved-card-brand">{c.card.brand === "amex" ? "American Express" : c.card.brand}</span>
              <span>•••• {c.card.last4}</span>
              <span className="muted">{formatExpiry(c.card.exp_month, c.card.exp_year)}</span>
              {c.custom_is_default_payment_method && <span className="default-tag">Default</span>}
              <span className="saved-card-actions">
                {!c.custom_is_default_payment_method && (
                  <button
                    type="button"
                    className="button button-ghost button-sm"
                    disabled={busyId !== null}
                    onClick={asyncHandler(() => act(c.id, async () => cards.setData(await setDefaultCard(c.id))))}
                  >
                    Set default
                  </button>
                )}
                <button
                  type="button"
                  className="button button-ghost button-sm"
                  disabled={busyId !== null}
                  aria-label={`Remove card ending ${c.card.last4}`}
                  onClick={() => setRemoving(c)}
                  data-testid="remove-card"
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this card?"
        description={
          removing &&
          `${removing.card.brand === "amex" ? "American Express" : removing.card.brand} ending ${removing.card.last4} will no longer be offered at checkout.${
            removing.custom_is_default_payment_method
              ? (cards.data?.length ?? 0) > 1
                ? " It is your default card: your most recently added card becomes the default."
                : " It is your only card: you will have none saved."
              : ""
          }`
        }
        confirmLabel="Remove card"
        busyLabel="Removing…"
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove(removing!)}
        testId="remove-card-dialog"
      />
      {adding ? (
        <form
          className="new-card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <CardForm form={form} legend="Add a card" />
          <label className="check-row">
            <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
            <span>Make this my default card</span>
          </label>
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={() => setAdding(false)}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? "Saving…" : "Save card"}
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
            Add a card
          </button>
        </div>
      )}
      {auth.dialog}
    </section>
  );
}
