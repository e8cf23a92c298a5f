import { useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { asyncHandler } from "../../lib/async-handler";
import { CalendarIcon } from "../ui/icons";
import { getVisitCalendar, type VisitCalendarLinks } from "./visit-api";

/**
 * "Add to calendar" for one visit (docs/decisions/152): the `.ics` file, Google Calendar, and a subscribe link
 * that follows the visit if it moves. The links are asked for on the first tap, so a list of orders costs
 * nothing until then.
 */
export function AddToCalendar({ serviceOrderId }: { serviceOrderId: number }) {
  const [links, setLinks] = useState<VisitCalendarLinks | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = asyncHandler(async () => {
    if (links || busy) return;
    setBusy(true);
    setError(null);
    try {
      setLinks(await getVisitCalendar(serviceOrderId));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  if (!links) {
    return (
      <span className="add-to-calendar">
        <button
          type="button"
          className="button button-secondary button-sm"
          onClick={open}
          disabled={busy}
          data-testid="add-to-calendar"
        >
          <CalendarIcon size={16} /> Add to calendar
        </button>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </span>
    );
  }
  return (
    <span className="add-to-calendar" data-testid="calendar-links">
      <a className="button button-secondary button-sm" href={links.ics_url} download={`visit-${serviceOrderId}.ics`}>
        Apple / Outlook (.ics)
      </a>
      <a
        className="button button-secondary button-sm"
        href={links.google_url}
        target="_blank"
        rel="noopener noreferrer"
      >
        Google Calendar
      </a>
      <a className="button button-ghost button-sm" href={links.webcal_url} title="Stays up to date if the visit moves">
        Subscribe
      </a>
    </span>
  );
}
