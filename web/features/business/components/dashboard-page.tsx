import { useLocation } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { accountStateNotice, vendorMay } from "../../../../domain/vendors/account-policy";
import type { MainDetails } from "../../../../schema/payloads/vendor-dashboard";
import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { RepeatIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { useRequest } from "../../../lib/use-request";
import { getMainDetails, getSetup } from "../api/business";
import { useDashboardActions } from "../hooks/use-dashboard-actions";
import { useLiveUpdates } from "../hooks/use-live-updates";
import { ConnectRequestsSection } from "./connect-requests-section";
import { BookedJobsSection } from "./dashboard/booked-jobs-section";
import { DeclineOfferDialog } from "./dashboard/decline-offer-dialog";
import { JobDetailActions } from "./dashboard/job-detail-actions";
import { LivePill } from "./dashboard/live-pill";
import { localDateIn } from "./dashboard/local-date";
import { LogsPanel } from "./dashboard/logs-panel";
import { NotificationsSection } from "./dashboard/notifications-section";
import { OffersSection } from "./dashboard/offers-section";
import { RecentWorkSection } from "./dashboard/recent-work-section";
import { RescheduleRequestsSection } from "./dashboard/reschedule-requests-section";
import { JobDetailModal } from "./job-detail-modal";
import { PenaltyAppeals } from "./penalty-appeals";
import { ReadyLabel, SetupChecklist } from "./setup-checklist";

/** /business?view=subscriptions: the phone's entry to client subscriptions. */
function SubscriptionsView() {
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
  const { busy, open, setOpen, removed, declining, setDeclining, accept, decline, confirm, answer } =
    useDashboardActions(reload);

  const [profile, upcoming = [], photos = [], , requests = [], listed = [], stamp] = details.data ?? [];
  const offers = listed.filter((o) => !removed.some((r) => r.id === o.service_order_id));
  const title = profile ? `Welcome, ${profile.name.split(" ")[0]}` : "Your dashboard";

  if (view === "logs") return <LogsPanel />;
  if (view === "subscriptions") return <SubscriptionsView />;

  const today = profile && stamp ? localDateIn(stamp, profile.tz) : null;
  const todays = upcoming.filter((j) => j.promised_arrival_time.slice(0, 10) === today);
  const later = upcoming.filter((j) => j.promised_arrival_time.slice(0, 10) !== today);
  const onAccept = (o: Parameters<typeof accept>[0]) => void accept(o);
  const onConfirm = (j: Parameters<typeof confirm>[0]) => void confirm(j);

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
          <OffersSection
            offers={offers}
            removed={removed}
            busy={busy}
            onOpen={setOpen}
            onAccept={onAccept}
            onDecline={setDeclining}
          />

          <ConnectRequestsSection onScheduled={reload} refresh={liveTick} />

          <PenaltyAppeals />

          {requests.length > 0 && (
            <RescheduleRequestsSection
              requests={requests}
              busy={busy}
              onOpen={setOpen}
              onAnswer={(r, yes) => void answer(r, yes)}
            />
          )}

          <BookedJobsSection
            title="Today"
            id="biz-today"
            label="Today's jobs"
            empty={<p className="muted">No jobs today.</p>}
            jobs={todays}
            busy={busy}
            onOpen={setOpen}
            onConfirm={onConfirm}
          />

          <BookedJobsSection
            title="Upcoming"
            id="biz-upcoming"
            label="Upcoming jobs"
            testId="upcoming-list"
            empty={
              <p className="muted">
                Nothing booked after today yet. <AppLink href="/business/calendar">See your calendar</AppLink>
              </p>
            }
            jobs={later}
            busy={busy}
            onOpen={setOpen}
            onConfirm={onConfirm}
          />

          <NotificationsSection refresh={liveTick} />

          {photos.length > 0 && <RecentWorkSection photos={photos} onOpen={setOpen} />}
        </div>
      )}
      <DeclineOfferDialog offer={declining} onCancel={() => setDeclining(null)} onConfirm={decline} />
      <JobDetailModal
        job={open}
        onClose={() => setOpen(null)}
        actions={<JobDetailActions open={open} busy={busy} onAccept={onAccept} onConfirm={onConfirm} />}
      />
    </Page>
  );
}
