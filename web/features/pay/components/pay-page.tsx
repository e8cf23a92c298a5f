import { useLocation } from "@tanstack/react-router";
import { useState } from "react";
import { centsToDecimal } from "../../../../domain/money";
import { catalogue } from "../../../../domain/messages";
import { securePayTotal } from "../../../../domain/tip-rules";
import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { CardForm, useAuthenticator, useCardForm } from "../../../components/ui/card-form";
import { FormError } from "../../../components/ui/field";
import { WalletButton, type WalletPayment } from "../../../components/ui/wallet-button";
import { CheckIcon, ReceiptIcon } from "../../../components/ui/icons";
import { ApiError, call, errorMessage } from "../../../lib/api-client";
import { payClient } from "../../../lib/api-clients";
import { formatCents } from "../../../lib/format";
import { cardFailureMessage, confirmCard } from "../../../lib/payments";
import { useRequest } from "../../../lib/use-request";
import { useShell } from "../../../stores/shell-context";

interface PayLink {
  money_amount: string;
  money_amount_cents: number;
  connect_tip: number;
  tip_max_cents: number;
  payment_description: string;
  name: string;
  photo: string | null;
  service_order_id: number | null;
  /** 1 for a pro's added charge waiting for the customer's approval: it may be declined (docs/decisions/116). */
  declinable?: 0 | 1;
}

const EXPIRED = catalogue.ERROR_CUSTOMER_PAY.text;
const TYPING = /^\d{0,6}(\.\d{0,2})?$/;

/**
 * /pay: a vendor's payment request (?vpid=) or a job's secure-pay link (?cpid=&vid=), one flow through the
 * /api/pay/* endpoints (docs/api-orders.md "Secure pay"): the amount, an optional tip (up to 500; a tip link
 * up to 200), the total rounded to cents, a card, then the server's confirmation.
 */
export function PayPage() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const vpid = typeof search.vpid === "string" ? search.vpid : null;
  const cpid = typeof search.cpid === "string" ? search.cpid : null;
  const vid = search.vid !== undefined ? String(search.vid) : null;
  const linkKey = vpid
    ? `vpid=${encodeURIComponent(vpid)}`
    : cpid && vid
      ? `cpid=${encodeURIComponent(cpid)}&vid=${encodeURIComponent(vid)}`
      : null;
  const link = useRequest(linkKey ? `pay:${linkKey}` : null, (signal) =>
    vpid
      ? call((o) => payClient.link.$get({ query: { vpid } }, o), { signal })
      : call((o) => payClient.secure.$get({ query: { cpid: cpid!, vid: vid! } }, o), { signal }),
  );
  const { supportPhone } = useShell();

  let body;
  if (!linkKey) {
    body = (
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title="Open the link from your text message"
        steps={[
          { label: `Call ${supportPhone}`, href: telHref(supportPhone), primary: true },
          { label: "Go to the home page", href: "/" },
        ]}
      >
        <p>This page opens from the secure payment link your professional or our care team sent you.</p>
      </EmptyState>
    );
  } else if (link.loading && !link.data) {
    body = <div className="skeleton" style={{ height: 240, borderRadius: 14 }} aria-busy="true" />;
  } else if (!link.data) {
    const expired =
      link.error instanceof ApiError &&
      (link.error.status === 410 || link.error.status === 400 || link.error.status === 404);
    body = (
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title={expired ? EXPIRED : "We couldn't open this payment"}
        steps={[{ label: `Call ${supportPhone}`, href: telHref(supportPhone), primary: true }]}
      >
        <p>
          {expired
            ? "Ask your professional to send a new link, or call us and we'll help."
            : "Please refresh the page and try again."}
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <PayForm
        link={link.data}
        ids={vpid ? { vpid } : { cpid: cpid!, vid: vid!, service_order_id: link.data.service_order_id ?? undefined }}
      />
    );
  }
  return (
    <>
      <AreaBar title="Payment" />
      <Page title="Secure payment" width="narrow">
        {body}
      </Page>
    </>
  );
}

function PayForm({ link, ids }: { link: PayLink; ids: Record<string, string | number | undefined> }) {
  const [tip, setTip] = useState("");
  const [paid, setPaid] = useState<{ amount_cents: number; message: string } | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardForm = useCardForm();
  const auth = useAuthenticator();
  const tipAllowed = link.connect_tip === 1;
  const total = securePayTotal(link.money_amount_cents, tipAllowed ? tip : "", link.tip_max_cents);
  const tipError = !total.ok
    ? total.code === "TIP_TOO_SMALL"
      ? catalogue.TIP_TOO_SMALL.text
      : total.code === "TIP_TOO_LARGE"
        ? `The most you can tip here is ${formatCents(link.tip_max_cents)}.`
        : "Enter an amount like 20 or 12.50."
    : null;
  const totalCents = total.ok ? total.total_cents : null;

  if (paid) {
    return (
      <section className="card order-confirmation" role="status">
        <div className="confirm-icon" aria-hidden="true">
          <CheckIcon size={28} />
        </div>
        <h2 className="card-title">{paid.message || catalogue.CHARGE_SUCCESS.text}</h2>
        <p className="muted">
          {formatCents(paid.amount_cents)} paid to {link.name}. You can close this page.
        </p>
      </section>
    );
  }

  if (declined) {
    return (
      <section className="card order-confirmation" role="status" data-testid="charge-declined">
        <h2 className="card-title">{declined}</h2>
        <p className="muted">You can close this page.</p>
      </section>
    );
  }

  const decline = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const done = await call((o) =>
        payClient.secure.decline.$post({ json: { cpid: ids.cpid as string, vid: ids.vid as string } }, o),
      );
      setDeclined(done.message);
    } catch (err) {
      setError(err instanceof ApiError && err.code === "ERROR_CUSTOMER_PAY" ? EXPIRED : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  /**
   * `wallet`: paying by Apple Pay / Google Pay (WalletButton) instead of the typed card. Answers whether it was paid
   * (the wallet tells its sheet when not).
   */
  const pay = async (wallet?: WalletPayment): Promise<boolean> => {
    if (busy || totalCents === null || totalCents < 50) return false;
    const source = wallet ? null : cardForm.source();
    if (!wallet && !source) return false;
    setBusy(true);
    setError(null);
    try {
      const intent = await call((o) =>
        payClient.secure.intent.$post(
          { json: { ...ids, charge_amount: centsToDecimal(totalCents), tip: tipAllowed && tip ? tip : undefined } },
          o,
        ),
      );
      if (wallet) await wallet.confirm(intent.payment_intent);
      else
        await confirmCard({
          clientSecret: intent.payment_intent.client_secret,
          source: source!,
          authenticate: auth.ask,
        });
      const done = await call((o) =>
        payClient.secure.confirm.$post({ json: { payment_intent_id: intent.payment_intent.id } }, o),
      );
      cardForm.reset();
      setPaid(done);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERROR_CUSTOMER_PAY") setError(EXPIRED);
      else if (err instanceof ApiError && err.code === "SELECTION_CHANGED") setError(err.message);
      else if (err instanceof ApiError && err.fields?.tip) setError(err.fields.tip);
      else if (wallet) setError(cardFailureMessage(err));
      else cardForm.setError(cardFailureMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card commerce-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      {auth.dialog}
      <div className="pay-head">
        {link.photo && <img src={link.photo} alt="" />}
        <div>
          <strong>{link.name}</strong>
          <div className="muted">{link.payment_description}</div>
        </div>
      </div>
      {/* A definition list holds only its term and value pairs (axe definition-list): the tip field sits between. */}
      {link.money_amount_cents > 0 && (
        <dl className="summary-lines">
          <div>
            <dt>Amount</dt>
            <dd>{formatCents(link.money_amount_cents)}</dd>
          </div>
        </dl>
      )}
      {tipAllowed && (
        <div className={`field${tipError ? " has-error" : ""}`}>
          <label className="field-label" htmlFor="pay-tip">
            {link.money_amount_cents > 0 ? "Add a tip (optional)" : "Tip amount"}
          </label>
          <input
            id="pay-tip"
            className="input"
            inputMode="decimal"
            placeholder="0.00"
            value={tip}
            onChange={(e) => TYPING.test(e.target.value) && setTip(e.target.value)}
            aria-invalid={tipError ? true : undefined}
            data-testid="tip-amount"
          />
          {tipError && <p className="field-error">{tipError}</p>}
        </div>
      )}
      <dl className="summary-lines">
        <div className="summary-total">
          <dt>Total</dt>
          <dd>{totalCents !== null ? formatCents(totalCents) : "—"}</dd>
        </div>
      </dl>
      {totalCents !== null && totalCents >= 50 && <CardForm form={cardForm} amountCents={totalCents} />}
      <FormError message={error} />
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={busy || totalCents === null || totalCents < 50}
        data-testid="secure-pay"
      >
        {busy ? "Processing…" : totalCents ? `Pay ${formatCents(totalCents)}` : "Pay"}
      </button>
      {totalCents !== null && <WalletButton amountCents={totalCents} disabled={busy} onPay={pay} onError={setError} />}
      {link.declinable === 1 && (
        <>
          <p className="muted">
            {link.name} asks for this charge. Nothing is taken unless you pay it; if you don&apos;t agree, decline it
            and we&apos;ll tell them.
          </p>
          <button
            type="button"
            className="button button-secondary button-block"
            disabled={busy}
            onClick={() => void decline()}
            data-testid="secure-pay-decline"
          >
            Decline this charge
          </button>
        </>
      )}
    </form>
  );
}
