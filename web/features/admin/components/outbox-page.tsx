import { useCallback, useEffect, useRef, useState } from "react";
import { EmptyState, Page } from "../../../components/layout/page";
import { FormError } from "../../../components/ui/field";
import { RefreshIcon } from "../../../components/ui/icons";
import { StaffTable } from "../../../components/ui/staff-table";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime, formatPhone } from "../../../lib/format";
import { getOutbox, getSmsProvider } from "../api/staff";

type OutboxMessage = Awaited<ReturnType<typeof getOutbox>>[number];

const AUTO_REFRESH_MS = 5_000;

/** /admin/outbox: every SMS the platform sent (the local adapter's outbox); staff read one-time codes here. */
export function OutboxPage() {
  const [rows, setRows] = useState<OutboxMessage[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [auto, setAuto] = useState(true);
  const [to, setTo] = useState("");
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const ctrlRef = useRef<AbortController | null>(null);
  const [provider, setProvider] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    getSmsProvider(ctrl.signal)
      .then((p) => setProvider(p.provider))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, []);

  const load = useCallback(async (filter: string) => {
    ctrlRef.current?.abort();
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    setLoading(true);
    try {
      const data = await getOutbox({ to: filter.trim() || undefined, limit: "100" }, ctrl.signal);
      setRows(data);
      setError(null);
      setUpdatedAt(new Date());
    } catch (err) {
      if (!ctrl.signal.aborted) setError(errorMessage(err));
    } finally {
      if (!ctrl.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(to);
    // The filter applies on submit, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  useEffect(() => {
    if (!auto) return;
    const t = window.setInterval(() => {
      if (document.visibilityState === "visible") void load(to);
    }, AUTO_REFRESH_MS);
    return () => window.clearInterval(t);
  }, [auto, load, to]);

  useEffect(() => () => ctrlRef.current?.abort(), []);

  return (
    <Page width="wide" eyebrow="Admin" title="SMS outbox" intro="Every text message the platform sent, newest first.">
      {provider === "local" && (
        <p className="info-callout" data-testid="outbox-provider">
          Texts are not sent to phones here: the local SMS adapter keeps them in this outbox, which stands in for the
          phone. Sign-up and reset codes are shown so you can use them while developing.
        </p>
      )}
      {provider !== null && provider !== "local" && (
        <p className="info-callout" data-testid="outbox-provider">
          Texts go to people's phones through {provider}. Sign-in and reset codes are masked here: nobody on staff can
          read them.
        </p>
      )}
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void load(to);
        }}
      >
        <label htmlFor="outbox-to" className="visually-hidden">
          Filter by phone number
        </label>
        <input
          id="outbox-to"
          className="input"
          type="search"
          placeholder="Filter by phone number"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <button type="submit" className="button button-secondary button-sm" disabled={loading}>
          <RefreshIcon size={16} /> Refresh
        </button>
        <label className="toggle">
          <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} /> Auto refresh every 5 s
        </label>
        <span className="save-state" role="status" aria-live="polite">
          {loading ? "Loading…" : updatedAt ? `Updated ${updatedAt.toLocaleTimeString("en-US")}` : ""}
        </span>
      </form>
      <FormError message={error} />
      {rows === null && !error && <div className="skeleton" style={{ height: 160 }} aria-label="Loading messages" />}
      {rows !== null && rows.length === 0 && (
        <EmptyState title="No messages yet">
          <p>Texts appear here as soon as the platform sends them, for example when someone signs up.</p>
        </EmptyState>
      )}
      {rows !== null && rows.length > 0 && (
        <StaffTable
          caption="Sent text messages"
          testId="outbox-table"
          rows={rows}
          rowKey={(m) => m.id}
          columns={[
            { label: "To", className: "mono", cell: (m) => formatPhone(m.to) },
            { label: "Message", className: "body-cell", cell: (m) => m.body },
            {
              label: "Status",
              cell: (m) => <span className={`status-pill is-${String(m.status).toLowerCase()}`}>{m.status}</span>,
            },
            {
              label: "Time",
              className: "mono",
              cell: (m) => <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>,
            },
          ]}
        />
      )}
    </Page>
  );
}
