import { useState } from "react";
import { Page } from "../../components/layout/page";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Field, FormError } from "../../components/ui/field";
import { ApiError, errorMessage } from "../../lib/api-client";
import { formatCents } from "../../lib/format";
import { newAttemptKey } from "../../lib/payments";
import { useRequest } from "../../lib/use-request";
import { notify } from "../../stores/alert-store";
import {
  createClientSubscription,
  getClientSubscriptions,
  getSubscribableServices,
  intervalLabel,
  STATUS_LABEL,
  type ClientSub,
  type OwnService,
} from "./api";
import { formatLocalTime } from "../../lib/local-time";
import { asyncHandler } from "../../lib/async-handler";

const INTERVALS = [7, 14, 21, 28, 30];

/** /business/subscriptions: the pro's recurring clients; create one, change its price, cancel it. */
export function ClientSubscriptionsScreen() {
  const list = useRequest("business:csubs", (signal) => getClientSubscriptions(signal));
  const [creating, setCreating] = useState(false);
  return (
    <Page
      width="wide"
      eyebrow="Your business"
      title="Client subscriptions"
      intro="Recurring appointments for your regular clients. They get a text link to add a card and are charged 24 hours before each visit."
      actions={
        !creating && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New subscription
          </button>
        )
      }
    >
      {creating && (
        <CreateForm
          onDone={() => {
            setCreating(false);
            list.reload();
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {list.loading && !list.data ? (
        <div
          className="skeleton"
          style={{ height: 120, borderRadius: 14 }}
          aria-busy="true"
          aria-label="Loading subscriptions"
        />
      ) : !list.data ? (
        <FormError message={errorMessage(list.error)} />
      ) : list.data.length === 0 ? (
        <p className="muted">No client subscriptions yet.</p>
      ) : (
        <ul className="money-list" data-testid="client-subscriptions">
          {list.data.map((s) => (
            <SubCard key={s.client_subscription_id} sub={s} onChange={list.reload} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function SubCard({ sub, onChange }: { sub: ClientSub; onChange(): void }) {
  const [price, setPrice] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const send = async (path: string, json: object) => {
    const res = await fetch(`/api/vendor/me/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ client_subscription_id: sub.client_subscription_id, ...json }),
    });
    const body = (await res.json()) as { message?: string; error?: { message: string } };
    if (!res.ok) throw new Error(body.error?.message ?? "Something went wrong.");
    if (body.message) notify("success", body.message);
    setPrice("");
    onChange();
  };
  const act = async (path: string, json: object) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await send(path, json);
    } catch (err) {
      setError(err instanceof Error ? err.message : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const live = sub.status !== "cancelled";
  return (
    <li className="card money-sub">
      <div className="money-sub-head">
        <div>
          <h2 className="card-title">{sub.client_name}</h2>
          <p className="muted">
            {sub.service} · {intervalLabel(sub.interval_days)} · {formatCents(sub.price_cents)}
            {sub.pending_price_cents !== null && ` → ${formatCents(sub.pending_price_cents)} (waiting for approval)`}
          </p>
        </div>
        <span className={`status-tag${sub.status === "active" ? " is-live" : ""}`} data-testid="csub-status">
          {STATUS_LABEL[sub.status]}
        </span>
      </div>
      {sub.declined && <p className="field-error">The last charge was declined; we texted your client a link.</p>}
      {sub.awaiting_authentication && (
        <p className="status-tag" data-testid="csub-awaiting-auth">
          Waiting for your client: their bank asks them to approve the next payment; we texted them a link.
        </p>
      )}
      {live && (
        <p>
          Next:{" "}
          {sub.next_dates
            .slice(0, 3)
            .map((d) => formatLocalTime(d.local))
            .join("; ")}
          {sub.card && ` · card •••• ${sub.card.last4}`}
        </p>
      )}
      <FormError message={error} />
      {live && (
        <div className="form-actions money-sub-actions">
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              const cents = Math.round(Number(price) * 100);
              if (!Number.isFinite(cents) || cents < 500) {
                setError("Enter a price of at least $5.00.");
                return;
              }
              void act("update-client-subscription", { price_cents: cents });
            }}
          >
            <Field
              label="New price ($)"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              placeholder={(sub.price_cents / 100).toFixed(2)}
            />
            <button type="submit" className="button button-sm" disabled={busy || !price}>
              Change price
            </button>
          </form>
          <button
            type="button"
            className="button button-sm"
            disabled={busy}
            onClick={asyncHandler(() => act("updateSubscriptionPayment", {}))}
          >
            Ask for a new card
          </button>
          <button
            type="button"
            className="button button-sm button-ghost"
            disabled={busy}
            onClick={() => setCancelling(true)}
            aria-haspopup="dialog"
          >
            Cancel subscription
          </button>
        </div>
      )}
      <ConfirmDialog
        open={cancelling}
        title={`Cancel ${sub.client_name}'s subscription?`}
        description={
          `${sub.service}, ${intervalLabel(sub.interval_days)}, ${formatCents(sub.price_cents)}. ` +
          "No further visits are booked or charged, the times held on your calendar for the next visits are freed, " +
          `and we text ${sub.client_name} that you cancelled it. This can't be undone.`
        }
        confirmLabel="Cancel subscription"
        busyLabel="Cancelling…"
        onCancel={() => setCancelling(false)}
        onConfirm={async () => {
          await send("cancel-client-subscription", {});
          setCancelling(false);
        }}
        testId="cancel-subscription-dialog"
      />
    </li>
  );
}

function CreateForm({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const services = useRequest<OwnService[]>("business:csub-services", getSubscribableServices);
  const [f, setF] = useState({
    client_name: "",
    client_phone: "",
    service_id: "",
    price: "",
    interval_days: "14",
    date: "",
    time: "10:00",
    address: "",
    zipcode: "",
  });
  const [key] = useState(() => newAttemptKey("csub"));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setF({ ...f, [k]: e.target.value });
  return (
    <form
      className="card form"
      aria-label="New client subscription"
      noValidate
      onSubmit={asyncHandler(async (e) => {
        e.preventDefault();
        if (busy) return;
        setFields({});
        setError(null);
        // Sent as the local date and time: the server reads them in the service address's time zone.
        if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date) || !/^\d{2}:\d{2}$/.test(f.time)) {
          setFields({ first_service_at: "Choose the first date and time." });
          return;
        }
        setBusy(true);
        try {
          await createClientSubscription({
            client_name: f.client_name,
            client_phone: f.client_phone,
            service_id: Number(f.service_id),
            price_cents: Math.round(Number(f.price) * 100),
            interval_days: Number(f.interval_days),
            first_date: f.date,
            first_time: f.time.slice(0, 5),
            address: f.address,
            zipcode: f.zipcode,
            idempotency_key: key,
          });
          notify("success", "Subscription created. We texted your client a link to add their card.");
          onDone();
        } catch (err) {
          if (err instanceof ApiError && err.fields) setFields(err.fields);
          setError(errorMessage(err));
        } finally {
          setBusy(false);
        }
      })}
    >
      <h2 className="card-title">New client subscription</h2>
      <FormError message={error} />
      <div className="form-grid">
        <Field
          label="Client name"
          value={f.client_name}
          onChange={set("client_name")}
          error={fields.client_name}
          required
        />
        <Field
          label="Client mobile"
          type="tel"
          autoComplete="off"
          value={f.client_phone}
          onChange={set("client_phone")}
          error={fields.client_phone}
          required
        />
        <div className={`field${fields.service_id ? " has-error" : ""}`}>
          <label className="field-label" htmlFor="csub-service">
            Service
          </label>
          <select
            id="csub-service"
            className="input select"
            value={f.service_id}
            onChange={(e) => {
              const s = services.data?.find((x) => String(x.service_id) === e.target.value);
              setF({ ...f, service_id: e.target.value, price: s ? (s.price_cents / 100).toFixed(2) : f.price });
            }}
            required
          >
            <option value="">Choose a service</option>
            {services.data?.map((s) => (
              <option key={s.service_id} value={s.service_id}>
                {s.description}
              </option>
            ))}
          </select>
          {fields.service_id && <p className="field-error">{fields.service_id}</p>}
        </div>
        <Field
          label="Price per visit ($)"
          inputMode="decimal"
          value={f.price}
          onChange={set("price")}
          error={fields.price_cents}
          required
        />
        <div className="field">
          <label className="field-label" htmlFor="csub-interval">
            How often
          </label>
          <select id="csub-interval" className="input select" value={f.interval_days} onChange={set("interval_days")}>
            {INTERVALS.map((d) => (
              <option key={d} value={d}>
                {intervalLabel(d)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="First date"
          type="date"
          value={f.date}
          onChange={set("date")}
          error={fields.first_service_at}
          required
        />
        <Field label="Time" type="time" step={1800} value={f.time} onChange={set("time")} required />
        <Field
          label="ZIP code"
          inputMode="numeric"
          value={f.zipcode}
          onChange={set("zipcode")}
          error={fields.zipcode}
          required
        />
        <Field
          label="Service address"
          className="span-2"
          value={f.address}
          onChange={set("address")}
          error={fields.address}
          required
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? "Creating..." : "Create and text the client"}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
