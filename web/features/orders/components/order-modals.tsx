import { useEffect, useId, useState } from "react";
import { catalogue } from "../../../../domain/messages";
import { checkRating, commentPlaceholder, RATING_MAX } from "../../../../domain/rating-rules";
import { checkTip, showsTipPayment, TIP_MAX_CUSTOMER_CENTS } from "../../../../domain/tip-rules";
import { CardForm, SavedCardRadios, useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { Dialog } from "../../../components/ui/dialog";
import { WalletButton, type WalletPayment } from "../../../components/ui/wallet-button";
import { FormError } from "../../../components/ui/field";
import { StarIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import {
  cardFailureMessage,
  confirmCard,
  defaultCardId,
  finishServerIntent,
  listCards,
  type SavedCard,
} from "../../../lib/payments";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import {
  cancelOrder,
  confirmTip,
  createTip,
  getCancelPolicy,
  messageVendor,
  rateOrder,
  type CompletedOrder,
  type ScheduledOrder,
} from "../api/orders";
import { asyncHandler } from "../../../lib/async-handler";

/** Digits and one decimal point, at most 2 decimals (docs/product.md section 5 "Tip amount"): other keystrokes are ignored. */
const TIP_TYPING = /^\d{0,6}(\.\d{0,2})?$/;

function tipMessage(text: string): string | null {
  if (text.trim() === "") return null;
  const check = checkTip(text, TIP_MAX_CUSTOMER_CENTS);
  if (check.ok) return null;
  if (check.code === "TIP_TOO_SMALL") return catalogue.TIP_TOO_SMALL.text;
  if (check.code === "TIP_TOO_LARGE") return `The most you can tip here is ${formatCents(TIP_MAX_CUSTOMER_CENTS)}.`;
  return "Enter an amount like 20 or 12.50.";
}

export function TipModal({
  order,
  signedIn,
  onClose,
  onTipped,
}: {
  order: CompletedOrder | null;
  signedIn: boolean;
  onClose(): void;
  onTipped(orderId: number, totalTipCents: number): void;
}) {
  const open = order !== null;
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<string | null>(null);
  const [save, setSave] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardForm = useCardForm();
  const auth = useAuthenticator();
  const cards = useRequest<SavedCard[]>(open && signedIn ? "cards:tip" : null, (s) => listCards(s));
  const amountId = useId();

  useEffect(() => {
    if (!open) return;
    setAmount("");
    setError(null);
    cardForm.reset();
    setMethod(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on opening; cardForm is new each render
  }, [open, order?.service_order_id]);
  useEffect(() => {
    if (!cards.data || method !== null) return;
    setMethod(cards.data.length ? defaultCardId(cards.data) : "new");
  }, [cards.data, method]);
  useEffect(() => {
    if (open && !signedIn && method === null) setMethod("new");
  }, [open, signedIn, method]);

  const live = tipMessage(amount);
  const showPay = showsTipPayment(amount, TIP_MAX_CUSTOMER_CENTS);
  const tipCheck = checkTip(amount, TIP_MAX_CUSTOMER_CENTS);
  const tipCents = tipCheck.ok ? tipCheck.cents : 0;
  const newCard = method === "new";
  const nothingChosen = method === null || (newCard && cardForm.provider !== "stripe" && !cardForm.card.number.trim());
  const title = order && order.tip_cents > 0 ? "Tip Again?" : "Send Tip";

  /**
   * `wallet`: paying by Apple Pay / Google Pay (WalletButton), whatever card or method is chosen; a wallet's card is
   * not kept (decision 160). Answers whether the tip was paid.
   */
  async function pay(wallet?: WalletPayment): Promise<boolean> {
    if (!order || processing || !showPay || (!wallet && nothingChosen)) return false;
    setError(null);
    const source = newCard && !wallet ? cardForm.source() : null;
    if (newCard && !wallet && !source) return false;
    setProcessing(true);
    try {
      const tip = await createTip({
        service_order_id: order.service_order_id,
        tip_amount: amount.trim(),
        isSavePaymentMethod: !wallet && signedIn && newCard && save,
        payment_method_id: newCard || wallet ? null : method,
      });
      if (tip.tip_error) throw new ApiError("TIP_ERROR", tip.tip_error, 402, { card: tip.tip_error });
      const pi = tip.payment_intent;
      if (wallet) await wallet.confirm(pi);
      else if (newCard) {
        await confirmCard({
          clientSecret: pi.client_secret,
          source: source!,
          save: signedIn && save,
          authenticate: auth.ask,
        });
      } else {
        await finishServerIntent(pi, auth.ask);
      }
      const done = await confirmTip(pi.id);
      cardForm.reset();
      notify("success", done.message || catalogue.TIP_SUCCESS.text);
      onTipped(order.service_order_id, done.total_tip_cents);
      onClose();
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.fields?.tip_amount) setError(err.fields.tip_amount);
      else if (newCard && !wallet) cardForm.setError(cardFailureMessage(err));
      else setError(cardFailureMessage(err));
      return false;
    } finally {
      setProcessing(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={title} size="md" testId="tip-modal">
      {auth.dialog}
      {order && (
        <form
          className="modal-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <div className="tip-vendor">
            {order.vendor?.photo && <img src={order.vendor.photo} alt="" />}
            <div>
              <strong>{order.vendor?.name ?? "Your professional"}</strong>
              <div className="muted">
                {order.service.description} · {formatLocalTime(order.promised_arrival_time, order.time_zone)}
              </div>
              {order.tip_cents > 0 && <div className="muted">You tipped {formatCents(order.tip_cents)} so far.</div>}
            </div>
          </div>
          <div className={`field${live ? " has-error" : ""}`}>
            <label className="field-label" htmlFor={amountId}>
              Tip amount ($)
            </label>
            <input
              id={amountId}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amount}
              onChange={(e) => {
                const next = e.target.value.replace(/^\$/, "");
                if (TIP_TYPING.test(next)) setAmount(next);
              }}
              aria-invalid={live ? true : undefined}
              aria-describedby={live ? `${amountId}-err` : `${amountId}-hint`}
              data-testid="tip-amount"
            />
            {live ? (
              <p className="field-error" id={`${amountId}-err`} role="alert">
                {live}
              </p>
            ) : (
              <p className="field-hint" id={`${amountId}-hint`}>
                From $0.50 to {formatCents(TIP_MAX_CUSTOMER_CENTS)}. Your whole tip goes to your professional.
              </p>
            )}
          </div>
          <div className="tip-presets" role="group" aria-label="Suggested tips">
            {[10, 15, 20, 25].map((v) => (
              <button key={v} type="button" className="chip" onClick={() => setAmount(String(v))}>
                ${v}
              </button>
            ))}
          </div>
          {showPay && (
            <>
              {cards.loading && <p className="muted">Loading your payment methods…</p>}
              {(cards.data?.length ?? 0) > 0 && (
                <SavedCardRadios cards={cards.data!} value={method} onChange={setMethod} name="tip-method" />
              )}
              {newCard && <CardForm form={cardForm} amountCents={tipCents} />}
              {newCard && signedIn && (
                <label className="check-row">
                  <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} />
                  <span>Save this card for next time</span>
                </label>
              )}
            </>
          )}
          {showPay && <WalletButton amountCents={tipCents} disabled={processing} onPay={pay} onError={setError} />}
          <FormError message={error} />
          <div className="modal-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={processing || !showPay || nothingChosen}
              data-testid="tip-pay"
            >
              {processing ? "Processing…" : showPay ? `Pay ${formatCents(tipCents)}` : "Pay"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

export function RatingModal({
  order,
  onClose,
  onRated,
}: {
  order: { service_order_id: number; vendor_name: string } | null;
  onClose(): void;
  onRated(orderId: number, rating: number, notes: string | null): void;
}) {
  const open = order !== null;
  const [rating, setRating] = useState<number | null>(null);
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<{ vendor_rating?: string; vendor_rating_notes?: string }>({});
  const [busy, setBusy] = useState(false);
  const notesId = useId();
  useEffect(() => {
    if (!open) return;
    setRating(null);
    setNotes("");
    setErrors({});
  }, [open, order?.service_order_id]);

  async function submit() {
    if (!order || busy) return;
    const check = checkRating({ vendor_rating: rating, vendor_rating_notes: notes });
    if (!check.ok) {
      setErrors({ [check.field]: catalogue[check.code].text });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const done = await rateOrder({
        service_order_id: order.service_order_id,
        vendor_rating: check.rating,
        vendor_rating_notes: check.notes ?? "",
      });
      notify("success", done.message || catalogue.RATING_SUBMITTED.text);
      onRated(order.service_order_id, check.rating, check.notes);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields) {
        setErrors(err.fields);
      } else {
        // docs/product.md section 8: a rating failure closes the modal and shows the general exception.
        onClose();
        notify(
          "error",
          err instanceof ApiError && err.code === "ALREADY_RATED" ? err.message : catalogue.GENERAL_EXCEPTION.text,
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Rate ${order?.vendor_name ?? ""}`.trim()}
      size="md"
      testId="rating-modal"
    >
      <form
        className="modal-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="star-radios" aria-describedby={errors.vendor_rating ? "rating-err" : undefined}>
          <legend className="field-label">Your rating</legend>
          <div className="star-row">
            {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
              <label key={n} className={`star-radio${rating !== null && n <= rating ? " is-on" : ""}`}>
                <input
                  type="radio"
                  name="vendor_rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  aria-label={`${n} star${n > 1 ? "s" : ""}`}
                  data-testid={`rating-star-${n}`}
                />
                <StarIcon />
              </label>
            ))}
          </div>
          {errors.vendor_rating && (
            <p className="field-error" id="rating-err" role="alert">
              {errors.vendor_rating}
            </p>
          )}
        </fieldset>
        <div className={`field${errors.vendor_rating_notes ? " has-error" : ""}`}>
          <label className="field-label" htmlFor={notesId}>
            Comments
          </label>
          <textarea
            id={notesId}
            className="textarea input"
            rows={4}
            maxLength={2000}
            placeholder={commentPlaceholder(rating)}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            aria-invalid={errors.vendor_rating_notes ? true : undefined}
            aria-describedby={errors.vendor_rating_notes ? `${notesId}-err` : undefined}
            data-testid="rating-notes"
          />
          {errors.vendor_rating_notes && (
            <p className="field-error" id={`${notesId}-err`} role="alert">
              {errors.vendor_rating_notes}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy} data-testid="rating-submit">
            {busy ? "Submitting…" : "Submit"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function CancelModal({
  order,
  onClose,
  onDone,
}: {
  order: ScheduledOrder | null;
  onClose(): void;
  onDone(): void;
}) {
  const policy = useRequest(order ? `policy:${order.service_order_id}` : null, (s) =>
    getCancelPolicy(order!.service_order_id, s),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [order]);
  const confirm = async () => {
    if (!order || busy) return;
    setBusy(true);
    try {
      const done = await cancelOrder(order.service_order_id);
      notify("success", done.message);
      onDone();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const p = policy.data;
  return (
    <Dialog open={order !== null} onClose={onClose} title="Cancel this appointment?" size="md">
      <div className="modal-stack">
        {policy.loading && <p className="muted">Checking the cancellation policy…</p>}
        {policy.error != null && <FormError message={errorMessage(policy.error)} />}
        {p && (
          <>
            <p>{p.summary}</p>
            <dl className="summary-lines">
              <div>
                <dt>Cancellation fee</dt>
                <dd data-testid="cancel-fee">{formatCents(p.fee_cents)}</dd>
              </div>
              <div>
                <dt>Back to your card</dt>
                <dd>{formatCents(p.refund_cents)}</dd>
              </div>
              {p.credit_return_cents > 0 && (
                <div>
                  <dt>Back to your credit</dt>
                  <dd>{formatCents(p.credit_return_cents)}</dd>
                </div>
              )}
            </dl>
          </>
        )}
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Keep appointment
          </button>
          <button type="button" className="button button-primary" onClick={asyncHandler(confirm)} disabled={busy || !p}>
            {busy
              ? "Cancelling…"
              : p && p.fee_cents > 0
                ? `Cancel and pay ${formatCents(p.fee_cents)}`
                : "Cancel appointment"}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

export function MessageModal({ order, onClose }: { order: ScheduledOrder | null; onClose(): void }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    setText("");
    setError(null);
  }, [order]);
  const send = async () => {
    if (!order || busy) return;
    if (!text.trim()) return setError("Write a message first.");
    setBusy(true);
    try {
      const done = await messageVendor(order.service_order_id, text.trim());
      notify("success", done.message);
    } catch (err) {
      // docs/product.md section 8: a failed send shows MESSAGE_FAILED and closes the modal.
      notify(
        "error",
        err instanceof ApiError && err.code !== "MESSAGE_FAILED" ? err.message : catalogue.MESSAGE_FAILED.text,
      );
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={`Message ${order?.vendor?.name ?? "your professional"}`}
      size="md"
      description="We text your message to your professional without sharing your number. Replies come to you by text."
    >
      <form
        className="modal-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className={`field${error ? " has-error" : ""}`}>
          <label className="field-label" htmlFor={id}>
            Message
          </label>
          <textarea
            id={id}
            className="textarea input"
            rows={4}
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {error && <p className="field-error">{error}</p>}
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Sending…" : "Send"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
