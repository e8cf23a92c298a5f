import { useEffect, useRef, useState } from "react";
import { LOCATION_EVERY_MS } from "../../../../domain/visit-progress";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { markVisitStep, shareVisitLocation } from "./api";
import { messageFor } from "../../../../domain/messages";

/**
 * The visit in one tap per step (docs/decisions/151): "On my way", then "I've arrived" (which also ticks the
 * checklist's "arrived"), then "Start the visit". Each tap reaches the customer's open order page at once, or
 * a text if they are not looking. If the pro allows it, their browser's position is sent about every 30 s
 * while on the way; the customer sees only the distance and the estimate, and the position is deleted when
 * the visit starts.
 */
const SHARE_KEY = "visit-share-location";

type Step = "on_the_way" | "arrived" | "started";

export function VisitSteps({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const [busy, setBusy] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [share, setShare] = useState(false);
  useEffect(() => {
    setShare(window.localStorage.getItem(SHARE_KEY) === "1");
  }, []);
  const visit = view.visit;
  const travelling = visit.on_the_way_at !== null && visit.arrived_at === null && visit.started_at === null;
  useSharedLocation(view.service_order_id, travelling && share);

  if (view.completed || view.service_order_status_id !== 20) return null;
  const next: Step | null =
    visit.started_at !== null
      ? null
      : visit.arrived_at !== null
        ? "started"
        : visit.on_the_way_at !== null
          ? "arrived"
          : null;
  const tap = async (step: Step) => {
    setBusy(step);
    setError(null);
    try {
      await markVisitStep(view.service_order_id, step);
      // The answer's data is the visit; its message is the catalogue's, the same text the route sends.
      notify("success", messageFor("VISIT_STEP_SAVED"));
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "That didn't go through. Please try again.");
    } finally {
      setBusy(null);
    }
  };
  const button = (step: Step, label: string, primary: boolean) => (
    <button
      type="button"
      className={`button ${primary ? "button-primary" : "button-secondary"} button-sm`}
      disabled={busy !== null}
      onClick={() => void tap(step)}
      data-testid={`visit-${step}`}
    >
      {busy === step ? "Saving…" : label}
    </button>
  );
  return (
    <section className="job-actions-section" aria-labelledby="visit-steps-title" data-testid="visit-steps">
      <h3 className="job-actions-title" id="visit-steps-title">
        The visit
      </h3>
      {visit.started_at !== null ? (
        <p role="status">The visit has started. Complete it below when you're done.</p>
      ) : (
        <>
          <p className="muted" role="status">
            {visit.arrived_at !== null
              ? "You've arrived. Start the visit when you begin."
              : travelling
                ? `You're on the way${visit.distance_miles !== null ? ` (${visit.distance_miles.toFixed(1)} mi)` : ""}. Your client can see it.`
                : "Tap when you leave, so your client knows you're coming."}
          </p>
          <div className="order-actions">
            {visit.on_the_way_at === null && visit.arrived_at === null && button("on_the_way", "On my way", true)}
            {visit.arrived_at === null && button("arrived", "I've arrived", next === "arrived")}
            {next === "started" && button("started", "Start the visit", true)}
          </div>
          {visit.arrived_at === null && (
            <label className="checkbox-row">
              <input
                type="checkbox"
                checked={share}
                onChange={(e) => {
                  setShare(e.target.checked);
                  window.localStorage.setItem(SHARE_KEY, e.target.checked ? "1" : "0");
                }}
              />{" "}
              Share my location while I'm on the way (your client sees only the distance and arrival time)
            </label>
          )}
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** Sends the browser's position about every 30 s while `on` (on the way, sharing allowed). */
function useSharedLocation(soId: number, on: boolean) {
  const lastSent = useRef(0);
  useEffect(() => {
    if (!on || typeof navigator === "undefined" || !("geolocation" in navigator)) return;
    const send = (p: GeolocationPosition) => {
      if (Date.now() - lastSent.current < LOCATION_EVERY_MS) return;
      lastSent.current = Date.now();
      shareVisitLocation(soId, p.coords.latitude, p.coords.longitude).catch(() => {
        // The next position retries; the estimate from the last one stands meanwhile.
      });
    };
    const watch = navigator.geolocation.watchPosition(send, () => undefined, {
      enableHighAccuracy: false,
      maximumAge: LOCATION_EVERY_MS,
    });
    return () => navigator.geolocation.clearWatch(watch);
  }, [soId, on]);
}
