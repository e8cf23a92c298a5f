import { alertStore, dismissAlert } from "../../stores/alert-store";
import { AppLink } from "../ui/app-link";
import { CloseIcon } from "../ui/icons";

/** Renders the alert store. Successes are announced politely; errors assertively and stay until dismissed. */
export function AlertRegion() {
  const alerts = alertStore.use((s) => s.alerts);
  const errors = alerts.filter((a) => a.kind === "error");
  const notes = alerts.filter((a) => a.kind !== "error");
  return (
    <div className="alerts">
      <div aria-live="assertive" aria-atomic="false" className="alerts-stack">
        {errors.map((a) => (
          <div key={a.id} className="alert alert-error" role="alert">
            <p className="alert-text">{a.message}</p>
            <button type="button" className="alert-dismiss" onClick={() => dismissAlert(a.id)}>
              Dismiss
            </button>
          </div>
        ))}
      </div>
      <div aria-live="polite" aria-atomic="false" className="alerts-stack">
        {notes.map((a) => (
          <div key={a.id} className={`alert alert-${a.kind}`} role="status">
            <p className="alert-text">
              {a.message}
              {a.action && (
                <>
                  {" "}
                  <AppLink href={a.action.href} className="alert-link" onClick={() => dismissAlert(a.id)}>
                    {a.action.label}
                  </AppLink>
                </>
              )}
            </p>
            <button
              type="button"
              className="icon-button alert-close"
              aria-label="Close"
              onClick={() => dismissAlert(a.id)}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
