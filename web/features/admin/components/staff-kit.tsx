import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Pager } from "../../../components/ui/pager";
import { FormError } from "../../../components/ui/field";
import { errorMessage, type CallOptions } from "../../../lib/api-client";
import { DEFAULT_PRO_REASON, STAFF_NOTE_LABEL, type StaffProAction } from "../../../../domain/pro-notices";
import type { StaffPage } from "../api/staff";

/** The filters of a list without the empty ones (an empty filter is the same as none). */
function compact<Q extends object>(filters: Q): Q {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== "")) as Q;
}

/**
 * A staff list: 10 a page from the API, reloaded when its filters change. `load` is the list's typed call
 * (web/features/admin/api/staff.ts `staffLists`), so the rows are the route's own.
 */
export function useStaffList<Q extends object, T>(
  load: (query: Q & { page: string }, opts?: CallOptions) => Promise<StaffPage<T>>,
  filters: Q,
) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<StaffPage<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ctrlRef = useRef<AbortController | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const key = JSON.stringify(filters);

  const reload = useCallback(async () => {
    ctrlRef.current?.abort();
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    setLoading(true);
    try {
      const next = await loadRef.current(compact({ ...(JSON.parse(key) as Q), page: String(page) }), {
        signal: ctrl.signal,
      });
      setData(next);
      setError(null);
    } catch (err) {
      if (!ctrl.signal.aborted) setError(errorMessage(err));
    } finally {
      if (!ctrl.signal.aborted) setLoading(false);
    }
  }, [key, page]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => setPage(1), [key]);
  useEffect(() => () => ctrlRef.current?.abort(), []);

  return { data, error, loading, page, setPage, reload };
}

/** A staff list's state (useStaffList). */
export interface StaffList<T> {
  data: StaffPage<T> | null;
  error: string | null;
  loading: boolean;
  page: number;
  setPage(page: number): void;
  reload(): Promise<void>;
}

/** The list's states: loading, error, empty, or the rows with a pager. */
export function StaffListView<T>({
  list,
  empty,
  label,
  children,
}: {
  list: StaffList<T>;
  empty: string;
  label: string;
  children: (items: T[]) => ReactNode;
}) {
  const { data, error, loading, page, setPage } = list;
  return (
    <div aria-busy={loading}>
      <FormError message={error} />
      {data === null && !error && <div className="skeleton" style={{ height: 160 }} aria-label={`Loading ${label}`} />}
      {data !== null && data.items.length === 0 && <p className="muted">{empty}</p>}
      {data !== null && data.items.length > 0 && children(data.items)}
      {data !== null && <Pager page={page} hasMore={data.has_more} busy={loading} label={label} onPage={setPage} />}
    </div>
  );
}

/** A list's state filter: a labelled select in the toolbar. `options` are [value, label] pairs. */
export function StateFilter<V extends string>({
  label = "State",
  value,
  onChange,
  options,
}: {
  label?: string;
  value: V;
  onChange(value: NoInfer<V>): void;
  options: ReadonlyArray<readonly [NoInfer<V>, string]>;
}) {
  const id = useId();
  return (
    <div className="toolbar">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A search box that applies on submit. */
export function SearchBar({ label, onSearch }: { label: string; onSearch(q: string): void }) {
  const [q, setQ] = useState("");
  const id = useId();
  return (
    <form
      className="toolbar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={label}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <button type="submit" className="button button-secondary button-sm">
        Search
      </button>
    </form>
  );
}

/** A message a person reads about a staff action (the pro, the customer): optional, with its default shown. */
export interface ReadMessageField<F extends string = string> {
  /** The body field (`pro_message`, `customer_message`). */
  field: F;
  /** "Message to the pro (they will read it)". */
  label: string;
  /** What they read when it is left empty. */
  fallback: string;
}

/** The pro's message field of a staff action, with the default they read when it is empty. */
export function proMessage(action: StaffProAction): ReadMessageField<"pro_message"> {
  return {
    field: "pro_message",
    label: "Message to the pro (they will read it)",
    fallback: DEFAULT_PRO_REASON[action],
  };
}

/** The customer's message field of a job action: added to the text they get; nothing more when empty. */
export function customerMessage(fallback: string): ReadMessageField<"customer_message"> {
  return { field: "customer_message", label: "Message to the customer (they will read it)", fallback };
}

/**
 * A staff action button: opens a dialog that asks for the reason (it goes into the audit log), sends, and
 * reports the outcome. `send` is the action's typed route call (`staffSend(...)` in ../api/staff.ts, with the
 * page's fixed fields bound), so `reasonField` and the `messages` fields must be fields of the route's body.
 * `messages` adds a field for each person who reads about the action, kept apart from the staff note
 * (docs/decisions/127).
 */
/** The body a send function takes. */
type BodyOf<S> = S extends (json: infer B) => Promise<unknown> ? B : never;

export function ActionButton<S extends (json: never) => Promise<unknown>>({
  label,
  title,
  send,
  onDone,
  danger,
  reasonLabel,
  reasonField = "reason" as Extract<keyof BodyOf<S>, string>,
  reasonRequired = true,
  messages = [],
  children,
}: {
  label: string;
  title: string;
  send: S;
  onDone(message: string): void;
  danger?: boolean;
  reasonLabel?: string;
  reasonField?: Extract<keyof BodyOf<S>, string>;
  reasonRequired?: boolean;
  messages?: ReadMessageField<Extract<keyof BodyOf<S>, string>>[];
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [said, setSaid] = useState<Record<string, string>>({});
  const id = useId();
  // Where someone reads about the action, the note is plainly staff's own.
  const noteLabel = reasonLabel ?? (messages.length > 0 ? STAFF_NOTE_LABEL : "Reason (kept in the audit log)");
  return (
    <>
      <button
        type="button"
        className={`button button-sm ${danger ? "button-ghost" : "button-secondary"}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          const written = Object.fromEntries(
            messages.map((m) => [m.field, (said[m.field] ?? "").trim()]).filter(([, text]) => text !== ""),
          );
          // The same body as before: the page's fixed fields (bound in `send`), the messages written, the note
          // under its field. Their names are checked against the route's body by the props' types above; the
          // generic `send` takes that body (`BodyOf<S>`), which TypeScript cannot see through, hence `never`.
          await send({
            ...written,
            ...(reason.trim() || reasonRequired ? { [reasonField]: reason } : {}),
          } as never);
          setOpen(false);
          setReason("");
          setSaid({});
          onDone(`${label}: done. It is recorded in the audit log.`);
        }}
      >
        {children}
        {messages.map((m) => (
          <div className="field" key={m.field}>
            <label htmlFor={`${id}-${m.field}`} className="field-label">
              {m.label}
            </label>
            <textarea
              id={`${id}-${m.field}`}
              className="input"
              rows={2}
              maxLength={300}
              aria-describedby={`${id}-${m.field}-hint`}
              value={said[m.field] ?? ""}
              onChange={(e) => setSaid((s) => ({ ...s, [m.field]: e.target.value }))}
            />
            <p id={`${id}-${m.field}-hint`} className="field-hint muted">
              Texted and shown to them. If you leave it empty they read: “{m.fallback}”
            </p>
          </div>
        ))}
        <div className="field">
          <label htmlFor={id} className="field-label">
            {noteLabel}
          </label>
          <textarea
            id={id}
            className="input"
            rows={3}
            required={reasonRequired}
            minLength={reasonRequired ? 6 : undefined}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

/** The notice after a staff action, and the list reloaded so it shows the new state. */
export function useActionNotice(reload: () => unknown) {
  const [notice, setNotice] = useState<string | null>(null);
  const done = useCallback(
    (message: string) => {
      setNotice(message);
      void reload();
    },
    [reload],
  );
  return { notice, setNotice, done };
}

/** A passing notice after an action (polite live region). */
export function Notice({ message }: { message: string | null }) {
  return (
    <p className="save-state" role="status" aria-live="polite">
      {message ?? ""}
    </p>
  );
}
