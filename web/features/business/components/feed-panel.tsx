import { useId, useState } from "react";
import type { FeedView } from "../../../../schema/payloads/vendor-dashboard";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { getFeed, regenerateFeed } from "../api/business";

/**
 * The secret calendar feed (docs/decisions/042-ical-feed.md): a link any calendar app subscribes to. Only
 * its hash is stored, so the link shows once, when it is made; regenerating makes a new one and revokes the old.
 */
export function FeedPanel() {
  const ids = useId();
  const [feed, setFeed] = useState<FeedView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<FeedView>) => {
    setBusy(true);
    setError(null);
    try {
      setFeed(await call());
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify("success", "Calendar link copied. Paste it into your calendar app as a subscription.");
    } catch {
      notify("info", "Select the link and copy it.");
    }
  };

  return (
    <section className="card feed-panel" aria-labelledby={`${ids}-h`} data-testid="feed-panel">
      <h2 id={`${ids}-h`} className="card-title">
        Sync with your calendar app
      </h2>
      <p className="muted">
        Subscribe to your jobs and time off from Google Calendar, Apple Calendar or Outlook. The feed is always current.
        Keep the link private: anyone with it can see your jobs.
      </p>
      {feed?.url ? (
        <div className="feed-url">
          <label className="field-label" htmlFor={`${ids}-url`}>
            Your private calendar link
          </label>
          <input id={`${ids}-url`} className="input" readOnly value={feed.url} onFocus={(e) => e.target.select()} />
          <p className="field-hint">Copy it now: for your security we show it only once.</p>
          <div className="form-actions">
            <button type="button" className="button button-primary button-sm" onClick={() => void copy(feed.url!)}>
              Copy link
            </button>
          </div>
        </div>
      ) : feed ? (
        <p>
          Your calendar link was created
          {feed.created_at ? ` on ${new Date(feed.created_at).toLocaleDateString()}` : ""}. We show it only once; make a
          new one if you need it again (the old link stops working).
        </p>
      ) : null}
      <FormError message={error} />
      <div className="form-actions">
        {!feed && (
          <button
            type="button"
            className="button button-secondary button-sm"
            disabled={busy}
            onClick={() => void run(() => getFeed())}
          >
            {busy ? "Loading…" : "Get my calendar link"}
          </button>
        )}
        {feed && (
          <button
            type="button"
            className="button button-ghost button-sm"
            disabled={busy}
            onClick={() => void run(regenerateFeed)}
          >
            {busy ? "Making a new link…" : "Make a new link (revokes the old one)"}
          </button>
        )}
      </div>
    </section>
  );
}
