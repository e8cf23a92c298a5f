import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";

export const ADMIN_SECTIONS = [
  { page: "outbox", title: "SMS outbox", text: "Every text the platform sent, including one-time codes.", live: true },
  {
    page: "applications",
    title: "Vendor applications",
    text: "Approve, reject or silently reject applications; review licenses and profile photos.",
    live: false,
  },
  {
    page: "vendors",
    title: "Vendors",
    text: "Status, reliability, restrictions, suspensions and terminations.",
    live: false,
  },
  { page: "reschedules", title: "Reschedules", text: "Requests that need a decision, with fee choices.", live: false },
  { page: "ratings", title: "Ratings", text: "Ratings waiting for team-lead or manager approval.", live: false },
  {
    page: "payouts",
    title: "Payouts",
    text: "Payout accounts, price adjustments within limits and transfers.",
    live: false,
  },
] as const;

export function AdminOverview() {
  return (
    <Page width="wide" eyebrow="Admin" title="Administration" intro="Tools for the support and operations team.">
      <div className="admin-grid">
        {ADMIN_SECTIONS.map((s) => (
          <AppLink key={s.page} href={`/admin/${s.page}`} className="admin-card">
            <h2>{s.title}</h2>
            <p>{s.text}</p>
            <span className={`tag${s.live ? " tag-live" : ""}`}>{s.live ? "Available" : "In preparation"}</span>
          </AppLink>
        ))}
      </div>
    </Page>
  );
}

/** /admin/$page: a known section that isn't built yet, or an unknown page. */
export function AdminSection({ page }: { page: string }) {
  const section = ADMIN_SECTIONS.find((s) => s.page === page);
  if (!section) {
    return (
      <Page width="wide" eyebrow="Admin" title="Page not found">
        <EmptyState
          title="There's no admin page here"
          steps={[{ label: "Admin overview", href: "/admin", primary: true }]}
        >
          <p>Check the address, or pick a section from the admin overview.</p>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page width="wide" eyebrow="Admin" title={section.title}>
      <EmptyState
        title="Nothing to review here yet"
        steps={[{ label: "Open the SMS outbox", href: "/admin/outbox", primary: true }]}
      >
        <p>{section.text} This queue fills as vendors and clients use the platform.</p>
      </EmptyState>
    </Page>
  );
}
