import { useState } from "react";
import { forumCookie, forumCookieDomain } from "../../../../domain/vendors/forum-cookie";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { FormError } from "../../../components/ui/field";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { forumSignOn, getProHelp } from "../api/pro";
import { useRequest } from "../../../lib/use-request";

/** /business/help: help topics for pros (GET /vendor/me/help) and the community forum (decision 086). */
export function BusinessHelp() {
  const help = useRequest("pro:help", getProHelp);
  return (
    <Page width="wide" eyebrow="Your business" title="Help for pros">
      <section className="card" aria-labelledby="help-topics-title">
        <h2 className="card-title" id="help-topics-title">
          Help topics
        </h2>
        {help.loading && !help.data ? (
          <p className="muted" role="status">
            Loading help topics…
          </p>
        ) : help.error ? (
          <>
            <FormError message={errorMessage(help.error)} />
            <button type="button" className="button button-secondary button-sm" onClick={help.reload}>
              Try again
            </button>
          </>
        ) : (
          <>
            <div className="pro-help-topics" data-testid="help-topics">
              {help.data!.topics.map((t) => (
                <details key={t.id} className="pro-help-topic">
                  <summary>{t.title}</summary>
                  <p>{t.text}</p>
                </details>
              ))}
            </div>
            <p className="muted" style={{ marginTop: 12 }}>
              More answers in the <AppLink href={help.data!.help_center}>help center</AppLink>.
            </p>
          </>
        )}
      </section>
      <ForumCard />
    </Page>
  );
}

function ForumCard() {
  const forum = useRequest("pro:forum", (signal) => forumSignOn(signal));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const notConfigured = forum.error instanceof ApiError && forum.error.code === "FORUM_NOT_CONFIGURED";

  const open = async () => {
    setBusy(true);
    setError(null);
    setNote(null);
    // Open the tab inside the click (popup blockers), then point it at the forum once the token is set.
    const tab = window.open("", "_blank");
    try {
      const fresh = await forumSignOn();
      const forumUrl = new URL(fresh.url);
      const domain = forumCookieDomain(window.location.hostname, forumUrl.hostname);
      if (domain) {
        document.cookie = forumCookie(fresh.cookie, fresh.token, domain, window.location.protocol === "https:");
      } else {
        setNote("The forum is on another domain, so it will ask you to sign in there.");
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = forumUrl.href;
      } else {
        window.location.assign(forumUrl.href);
      }
    } catch (err) {
      tab?.close();
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  // A site without a forum does not offer one (FORUM_NOT_CONFIGURED, a 404): the card is not shown.
  if (notConfigured) return null;
  return (
    <section className="card" aria-labelledby="forum-title">
      <h2 className="card-title" id="forum-title">
        Community forum
      </h2>
      {forum.loading && !forum.data && !forum.error ? (
        <p className="muted" role="status">
          Checking the forum…
        </p>
      ) : forum.error ? (
        <>
          <FormError message={errorMessage(forum.error)} />
          <button type="button" className="button button-secondary button-sm" onClick={forum.reload}>
            Try again
          </button>
        </>
      ) : (
        <>
          <p>Talk shop with other pros: tips, questions and news. You are signed in with your account.</p>
          <FormError message={error} />
          {note && (
            <p className="muted" role="status">
              {note}
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => void open()} disabled={busy}>
              {busy ? "Opening…" : "Open the forum"}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
