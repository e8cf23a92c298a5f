import { useState, type ReactNode } from "react";
import { ApiError, errorMessage } from "../../lib/api-client";
import { Dialog } from "./dialog";
import { FormError } from "./field";
import { asyncHandler } from "../../lib/async-handler";

/**
 * The confirm dialog of every action that changes something: a title saying what will happen, any fields
 * (children), Cancel and the action's button. `onConfirm` runs on submit; while it runs both buttons are
 * disabled and the dialog cannot be closed; if it throws, the error shows in the dialog (role="alert") and
 * the dialog stays open; when it resolves the dialog closes. Keyboard and focus come from Dialog.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel = "Working…",
  onCancel,
  onConfirm,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  onCancel(): void;
  onConfirm(): Promise<void>;
  children?: ReactNode;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    if (busy) return;
    setError(null);
    onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} title={title} description={description} testId={testId}>
      <form
        className="form"
        onSubmit={asyncHandler(async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await onConfirm();
          } catch (err) {
            // The catalogue's message, then what the server said about each field (a limit, a format).
            const fields = err instanceof ApiError && err.fields ? Object.values(err.fields).join(" ") : "";
            setError(fields ? `${errorMessage(err)} ${fields}` : errorMessage(err));
          } finally {
            setBusy(false);
          }
        })}
      >
        {children}
        <FormError message={error} />
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={cancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
