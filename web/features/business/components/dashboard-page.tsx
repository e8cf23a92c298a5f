import { useLocation } from "@tanstack/react-router";
import { PenaltyAppeals } from "./penalty-appeals";
import { accountStateNotice, vendorMay } from "../../../../domain/vendors/account-policy";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import type {
  MainDetails,
  VendorJobView,
  VendorOfferView,
  VendorRequestView,
} from "../../../../schema/payloads/vendor-dashboard";
import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { CalendarIcon, ListIcon, RepeatIcon, SparkleIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import {
  acceptOffer,
  acceptSchedule,
  answerReschedule,
  declineOffer,
  getMainDetails,
  getNotifications,
  getSetup,
  type VendorNotification,
} from "../api/business";
import { useLiveUpdates, type LiveStatus } from "../hooks/use-live-updates";
import { ConnectRequestsSection } from "./connect-requests-section";
import { JobDetailModal } from "./job-detail-modal";
import { ReadyLabel, SetupChecklist } from "./setup-checklist";

/** "YYYY-MM-DD" of an instant in a zone. */
export function localDateIn(ms: number, tz: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      ms,
    );
  } catch {
    return new Date(ms).toISOString().slice(0, 10);
  }
}

export function LivePill({ status }: { status: LiveStatus }) {
  const label =
    status === "live"
      ? "Live"
      : status === "connecting"
        ? "Connecting…"
        : status === "closed"
          ? "Offline"
          : "Reconnecting…";
  return (
    <span className={`live-pill is-${status}`} role="status" aria-live="polite" data-testid="live-status">
      <span className="live-dot" aria-hidden="true" />
      {label}
    </span>
  );
}

function Section({ title, count, children, id }: { title: string; count?: number; children: ReactNode; id: string }) {
  return (
    <section className="biz-section" aria-labelledby={id}>
      <h2 id={id} className="biz-section-title">
        {title}
        {count !== undefined && count > 0 && <span className="biz-count">{count}</span>}
      </h2>
      {children}
    </section>
  );
}

function JobLine({ job, onOpen, children }: { job: VendorJobView; onOpen(): void; children?: ReactNode }) {
  return (
    <li className="biz-job" data-testid="biz-job" data-service-order-id={job.service_order_id}>
      <button type="button" className="biz-job-main" onClick={onOpen} aria-haspopup="dialog">
        <span className="biz-job-time">{formatLocalTime(job.promised_arrival_time, job.time_zone)}</span>
        <span className="biz-job-title">
          {job.service}
          {job.is_connect && <span className="status-tag">Business</span>}
        </span>
        <span className="biz-job-meta">
          {job.name} · {job.address} · {job.job_minutes} min · you earn {formatCents(job.pay_cents)}
        </span>
        {job.proposal && (
          <span className="biz-job-waiting" data-testid="waiting-for-client">
            Waiting for client: you proposed {formatLocalTime(job.proposal.selectedDate, job.time_zone)}
          </span>
        )}
      </button>
      {children && <div className="biz-job-actions">{children}</div>}
    </li>
  );
}

/** /business: the vendor dashboard (docs/product.md sections 2 and 3; issue 8). */
export function DashboardPage() {
  const view = useLocation({ select: (l) => String((l.search as Record<string, unknown>).view ?? "") });
  const details = useRequest<MainDetails>("main-details", (signal) => getMainDetails(signal));
  // The setup checklist and Live (issue 21) follow every reload of the dashboard.
  const setup = useRequest("vendor-setup", (signal) => getSetup(signal));
  const reloadSetup = setup.reload;
  const reloadDetails = details.reload;
  const reload = useCallback(() => {
    reloadDetails();
    reloadSetup();
  }, [reloadDetails, reloadSetup]);
  // Every live event resyncs the page; the business requests list follows the same tick.
  const [liveTick, setLiveTick] = useState(0);
  // A deactivated or closed account has no live socket (docs/decisions/118): the pill says Offline.
  const accountState = details.data?.[0]?.account_state;
  const live = useLiveUpdates(
    useCallback(() => {
      reload();
      setLiveTick((t) => t + 1);
    }, [reload]),
    accountState === undefined || vendorMay(accountState, "live_socket"),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<VendorJobView | VendorOfferView | null>(null);

  const act = async (key: string, run: () => Promise<unknown>, success: (answer: unknown) => string) => {
    setBusy(key);
    try {
      const answer = await run();
      notify("success", success(answer));
      setOpen(null);
    } catch (err) {
      notify("error", errorMessage(err));
      if (err instanceof ApiError && err.status === 401) window.location.assign("/");
    } finally {
      setBusy(null);
      reload();
    }
  };
  const messageOf = (fallback: string) => (answer: unknown) =>
    answer && typeof answer === "object" && typeof (answer as { message?: unknown }).message === "string"
      ? (answer as { message: string }).message
      : fallback;

  // Offers whose accept was refused leave the list at once, with the reason the server gave (decision 129).
  const [removed, setRemoved] = useState<Array<{ id: number; service: string; why: string }>>([]);
  const accept = async (o: VendorOfferView) => {
    setBusy(`accept:${o.service_order_id}`);
    try {
      await acceptOffer(o.service_order_id);
      notify("success", "Job accepted. It's on your calendar.");
      setOpen(null);
    } catch (err) {
      if (err instanceof ApiError && err.code === "FAILED_VENDOR_JOB_ACCEPT") {
        const why = err.fields?.service_order_id ?? err.message;
        setRemoved((list) => [
          { id: o.service_order_id, service: o.service, why },
          ...list.filter((r) => r.id !== o.service_order_id),
        ]);
        setOpen(null);
        notify("error", why);
      } else {
        notify("error", errorMessage(err));
        if (err instanceof ApiError && err.status === 401) window.location.assign("/");
      }
    } finally {
      setBusy(null);
      reload();
    }
  };
  const [declining, setDeclining] = useState<VendorOfferView | null>(null);
  const decline = async (o: VendorOfferView) => {
    await declineOffer(o.service_order_id);
    notify("success", "Offer declined.");
    setDeclining(null);
    setOpen(null);
    reload();
  };
  const confirm = (j: VendorJobView) =>
    act(`confirm:${j.service_order_id}`, () => acceptSchedule(j.service_order_id), messageOf("Schedule confirmed."));
  const answer = (r: VendorRequestView, yes: boolean) =>
    act(
      `${yes ? "approve" : "refuse"}:${r.request_id}`,
      () => answerReschedule(r.request_id, yes),
      messageOf(yes ? "The job was moved." : "The job keeps its time."),
    );

  const [profile, upcoming = [], photos = [], , requests = [], listed = [], stamp] = details.data ?? [];
  const offers = listed.filter((o) => !removed.some((r) => r.id === o.service_order_id));
  const title = profile ? `Welcome, ${profile.name.split(" ")[0]}` : "Your dashboard";

  if (view === "logs") return <LogsPanel />;
  if (view === "subscriptions") {
    return (
      <Page width="wide" eyebrow="Your business" title="Client subscriptions">
        <EmptyState
          icon={<RepeatIcon size={28} />}
          title="Client subscriptions"
          steps={[
            { label: "Open subscriptions", href: "/business/subscriptions", primary: true },
            { label: "Back to dashboard", href: "/business" },
          ]}
        >
          <p>Set up recurring appointments for your regular clients.</p>
        </EmptyState>
      </Page>
    );
  }

  const today = profile && stamp ? localDateIn(stamp, profile.tz) : null;
  const todays = upcoming.filter((j) => j.promised_arrival_time.slice(0, 10) === today);
  const later = upcoming.filter((j) => j.promised_arrival_time.slice(0, 10) !== today);
  const confirmButton = (j: VendorJobView) =>
    j.scheduled_status === 0 ? (
      <button
        type="button"
        className="button button-primary button-sm"
        disabled={busy !== null}
        onClick={() => void confirm(j)}
      >
        {busy === `confirm:${j.service_order_id}` ? "Confirming…" : "Confirm schedule"}
      </button>
    ) : (
      <span className="status-tag is-live">Confirmed</span>
    );

  return (
    <Page
      width="wide"
      eyebrow="Your business"
      title={title}
      actions={setup.data && !setup.data.live ? <ReadyLabel setup={setup.data} /> : <LivePill status={live} />}
    >
      {details.loading && !details.data && (
        <div className="biz-grid" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton" style={{ height: 120, borderRadius: 14 }} />
          ))}
          <span className="sr-only" role="status">
            Loading your dashboard…
          </span>
        </div>
      )}
      {!details.data && !details.loading && (
        <div className="card" role="alert">
          <p>{errorMessage(details.error)}</p>
          <button type="button" className="button button-secondary button-sm" onClick={reload}>
            Try again
          </button>
        </div>
      )}
      {details.data && profile && (
        <div className="biz-grid">
          {accountStateNotice(profile.account_state) && (
            <p className="card biz-warning" role="status" data-testid="account-state-notice">
              {accountStateNotice(profile.account_state)}
            </p>
          )}
          <SetupChecklist setup={setup.data ?? null} />
          <Section title="Job offers" count={offers.length} id="biz-offers">
            {removed.length > 0 && (
              <ul className="biz-notes" aria-label="Offers no longer open" data-testid="offers-removed">
                {removed.map((r) => (
                  <li key={r.id} className="biz-note sev-1" data-testid="offer-removed">
                    <span>
                      {r.service}: {r.why}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {offers.length === 0 ? (
              <EmptyState
                icon={<SparkleIcon size={28} />}
                title="No job offers right now"
                steps={[{ label: "Open calendar", href: "/business/calendar", primary: true }]}
              >
                <p>
                  New offers near you appear here the moment a client books, without reloading. Keep your hours up to
                  date so you're offered the times that suit you.
                </p>
              </EmptyState>
            ) : (
              <ul className="biz-list" aria-label="Job offers" data-testid="offer-list">
                {offers.map((o) => (
                  <JobLine key={o.service_order_id} job={o} onOpen={() => setOpen(o)}>
                    {o.expires_at && (
                      <span className="muted biz-expiry">
                        Offer ends{" "}
                        {new Date(o.expires_at).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}
                      </span>
                    )}
                    <button
                      type="button"
                      className="button button-primary button-sm"
                      disabled={busy !== null}
                      onClick={() => void accept(o)}
                      data-testid="offer-accept"
                    >
                      {busy === `accept:${o.service_order_id}` ? "Accepting…" : "Accept"}
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-sm"
                      disabled={busy !== null}
                      onClick={() => setDeclining(o)}
                      aria-haspopup="dialog"
                      data-testid="offer-decline"
                    >
                      Decline
                    </button>
                  </JobLine>
                ))}
              </ul>
            )}
          </Section>

          <ConnectRequestsSection onScheduled={reload} refresh={liveTick} />

          <PenaltyAppeals />

          {requests.length > 0 && (
            <Section title="Reschedule requests" count={requests.length} id="biz-requests">
              <ul className="biz-list" aria-label="Reschedule requests">
                {requests.map((r) => (
                  <li
                    key={r.request_id}
                    className="biz-job"
                    data-testid="biz-request"
                    data-service-order-id={r.service_order_id}
                  >
                    <button
                      type="button"
                      className="biz-job-main"
                      onClick={() => setOpen(r.job)}
                      aria-haspopup="dialog"
                    >
                      <span className="biz-job-title">
                        {r.job.service} for {r.job.name}
                      </span>
                      <span className="biz-job-meta">
                        From {formatLocalTime(r.from, r.job.time_zone)} to{" "}
                        <strong>{formatLocalTime(r.selectedDate, r.job.time_zone)}</strong>
                        {r.new_job_minutes ? (
                          <>
                            {" "}
                            · <strong>now {r.new_job_minutes} min</strong>
                          </>
                        ) : null}
                        {r.reason && <> · “{r.reason}”</>}
                      </span>
                    </button>
                    <div className="biz-job-actions">
                      <button
                        type="button"
                        className="button button-primary button-sm"
                        disabled={busy !== null}
                        onClick={() => void answer(r, true)}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className="button button-ghost button-sm"
                        disabled={busy !== null}
                        onClick={() => void answer(r, false)}
                      >
                        Refuse
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </Section>
          )}

          <Section title="Today" count={todays.length} id="biz-today">
            {todays.length === 0 ? (
              <p className="muted">No jobs today.</p>
            ) : (
              <ul className="biz-list" aria-label="Today's jobs">
                {todays.map((j) => (
                  <JobLine key={j.service_order_id} job={j} onOpen={() => setOpen(j)}>
                    {confirmButton(j)}
                    <OnCalendarLink job={j} />
                  </JobLine>
                ))}
              </ul>
            )}
          </Section>

          <Section title="Upcoming" count={later.length} id="biz-upcoming">
            {later.length === 0 ? (
              <p className="muted">
                Nothing booked after today yet. <AppLink href="/business/calendar">See your calendar</AppLink>
              </p>
            ) : (
              <ul className="biz-list" aria-label="Upcoming jobs" data-testid="upcoming-list">
                {later.map((j) => (
                  <JobLine key={j.service_order_id} job={j} onOpen={() => setOpen(j)}>
                    {confirmButton(j)}
                    <OnCalendarLink job={j} />
                  </JobLine>
                ))}
              </ul>
            )}
          </Section>

          <NotificationsSection refresh={liveTick} />

          {photos.length > 0 && (
            <Section title="Recent work" id="biz-photos">
              <ul className="biz-photos" aria-label="Photos of recent jobs">
                {photos.map((j) => {
                  const src = j.after[0] ?? j.testimonial[0] ?? j.before[0];
                  return (
                    <li key={j.service_order_id}>
                      <button type="button" className="biz-photo" onClick={() => setOpen(j)}>
                        {src && <img src={src} alt={`${j.service} for ${j.name}`} loading="lazy" />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </Section>
          )}
        </div>
      )}
      <ConfirmDialog
        open={declining !== null}
        title="Decline this offer?"
        description={
          declining
            ? `${declining.service}, ${formatLocalTime(declining.promised_arrival_time, declining.time_zone)}. ` +
              (declining.chosen
                ? "Your client chose you: we'll text them that you can't take it and offer it to other pros."
                : "We'll offer it to other pros near the client.") +
              " You won't be offered it again. Declining an offer costs no reliability."
            : undefined
        }
        confirmLabel="Decline offer"
        busyLabel="Declining…"
        onCancel={() => setDeclining(null)}
        onConfirm={() => decline(declining!)}
        testId="decline-offer-dialog"
      />
      <JobDetailModal
        job={open}
        onClose={() => setOpen(null)}
        actions={
          open && "expires_at" in open ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy !== null}
              onClick={() => void accept(open)}
            >
              Accept job
            </button>
          ) : open && open.scheduled_status === 0 && open.service_order_status_id === 20 ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy !== null}
              onClick={() => void confirm(open)}
            >
              Confirm schedule
            </button>
          ) : null
        }
      />
    </Page>
  );
}

function NotificationList({ items }: { items: VendorNotification[] }) {
  return (
    <ul className="biz-notes" aria-label="Notifications" data-testid="notice-list">
      {items.map((n) => (
        <li key={n.id} className={`biz-note sev-${n.severity}${n.dismissed ? " is-read" : ""}`}>
          <span>{n.message}</span>
          <time className="muted" dateTime={new Date(n.timestamp).toISOString()}>
            {new Date(n.timestamp).toLocaleString([], {
              month: "short",
              day: "numeric",
              hour: "numeric",
              minute: "2-digit",
            })}
          </time>
        </li>
      ))}
    </ul>
  );
}

/**
 * What happened to the pro's business (staff actions on their jobs and account, clients' cards and payments,
 * licences): newest and most urgent first. It follows the dashboard's live events and refreshes when the pro
 * comes back to the tab, e.g. from the text that told them (docs/decisions/127).
 */
function NotificationsSection({ refresh = 0 }: { refresh?: number }) {
  const notes = useRequest("vendor-notifications", (signal) => getNotifications(signal));
  const list = notes.data?.[0] ?? [];
  const reloadNotes = notes.reload;
  useEffect(() => {
    if (refresh > 0) reloadNotes();
  }, [refresh, reloadNotes]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") reloadNotes();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [reloadNotes]);
  return (
    <Section title="Notifications" count={notes.data?.[1]?.[0]?.stat} id="biz-notes">
      {notes.loading && !notes.data ? (
        <div className="skeleton" style={{ height: 48, borderRadius: 10 }} aria-busy="true" />
      ) : notes.error && !notes.data ? (
        <p className="muted" role="alert">
          {errorMessage(notes.error)}{" "}
          <button type="button" className="link-button" onClick={notes.reload}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="muted">You're all caught up.</p>
      ) : (
        <NotificationList items={list.slice(0, 5)} />
      )}
    </Section>
  );
}

/** /business?view=logs: the pro's recent activity (the phone's "vendor logs" icon). */
function LogsPanel() {
  const notes = useRequest("vendor-notifications", (signal) => getNotifications(signal));
  const list = notes.data?.[0] ?? [];
  return (
    <Page width="wide" eyebrow="Your business" title="Vendor logs" intro="Your recent activity and notices.">
      {notes.loading && !notes.data ? (
        <div className="skeleton" style={{ height: 160, borderRadius: 14 }} aria-busy="true" />
      ) : notes.error && !notes.data ? (
        <div className="card" role="alert">
          <p>{errorMessage(notes.error)}</p>
          <button type="button" className="button button-secondary button-sm" onClick={notes.reload}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ListIcon size={28} />}
          title="No activity yet"
          steps={[{ label: "Back to dashboard", href: "/business", primary: true }]}
        >
          <p>Offers, acceptances, reschedules and payouts are logged here.</p>
        </EmptyState>
      ) : (
        <>
          <NotificationList items={list} />
          <p>
            <AppLink href="/business" className="button button-secondary button-sm">
              <CalendarIcon size={16} /> Back to dashboard
            </AppLink>
          </p>
        </>
      )}
    </Page>
  );
}

/** Opens the calendar on the job's day, for today's jobs as much as later ones. */
function OnCalendarLink({ job }: { job: VendorJobView }) {
  return (
    <AppLink
      href={`/business/calendar?date=${job.promised_arrival_time.slice(0, 10)}`}
      className="button button-ghost button-sm"
    >
      On calendar
    </AppLink>
  );
}
