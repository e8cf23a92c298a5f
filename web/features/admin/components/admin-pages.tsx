import { EmptyState, Page } from "../../../components/layout/page";
import type { ReactNode } from "react";
import { AppLink } from "../../../components/ui/app-link";
import { ApplicationsSection } from "./applications-section";
import { AuditSection } from "./audit-section";
import { CustomersSection } from "./customers-section";
import { PayoutsSection } from "./payouts-section";
import { RatingsSection } from "./ratings-section";
import { ReviewsSection } from "./reviews-section";
import { VendorsSection } from "./vendors-section";
import { AddedChargesSection } from "./added-charges-section";
import { CustomServicesSection } from "./custom-services-section";
import { DisputesSection } from "./disputes-section";
import { ExceptionsSection } from "./exceptions-section";
import { JobsSection } from "./jobs-section";

export const ADMIN_SECTIONS = [
  { page: "outbox", title: "SMS outbox", text: "Every text the platform sent.", live: true },
  {
    page: "applications",
    title: "Vendor applications",
    text: "Approve, reject, silently reject or ignore applications.",
    live: true,
  },
  {
    page: "exceptions",
    title: "Exceptions",
    text: "Pros asking to lift the reliability penalty of a job they gave back: approve or deny.",
    live: true,
  },
  {
    page: "reviews",
    title: "Licences and photos",
    text: "Licence renewals and profile photos to approve.",
    live: true,
  },
  {
    page: "vendors",
    title: "Vendors",
    text: "Find a pro by name, phone or ZIP; deactivate, soft ban, reset reliability, terminate.",
    live: true,
  },
  {
    page: "ratings",
    title: "Ratings",
    text: "Ratings of 1 to 3 stars waiting for a team lead or manager.",
    live: true,
  },
  {
    page: "jobs",
    title: "Jobs",
    text: "Find a job; suspend it with the fee waived, assessed or reduced, reschedule it, or close it.",
    live: true,
  },
  {
    page: "customers",
    title: "Customers",
    text: "Find a client, see their orders and credits, charge them for a job.",
    live: true,
  },
  {
    page: "added-charges",
    title: "Added charges",
    text: "Charges pros added to their jobs and the clients' disputes; refund one.",
    live: true,
  },
  {
    page: "disputes",
    title: "Card disputes",
    text: "Customers' disputes with their bank: the job, the pro and the evidence; answer before the due date.",
    live: true,
  },
  {
    page: "payouts",
    title: "Payouts",
    text: "Payouts and their state; adjust a job's payout within limits.",
    live: true,
  },
  {
    page: "custom-services",
    title: "Custom services",
    text: "Services offered in one area by request: add, edit, retire.",
    live: true,
  },
  { page: "audit", title: "Audit log", text: "Every staff action: who, when, what, before and after.", live: true },
] as const;

const SECTION_BODY: Record<string, () => ReactNode> = {
  applications: () => <ApplicationsSection />,
  reviews: () => <ReviewsSection />,
  exceptions: () => <ExceptionsSection />,
  jobs: () => <JobsSection />,
  vendors: () => <VendorsSection />,
  ratings: () => <RatingsSection />,
  customers: () => <CustomersSection />,
  payouts: () => <PayoutsSection />,
  "added-charges": () => <AddedChargesSection />,
  disputes: () => <DisputesSection />,
  "custom-services": () => <CustomServicesSection />,
  audit: () => <AuditSection />,
};

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
  const body = SECTION_BODY[section.page];
  return (
    <Page width="wide" eyebrow="Admin" title={section.title} intro={section.text}>
      <nav className="admin-sections" aria-label="Admin sections">
        {ADMIN_SECTIONS.map((s) => (
          <AppLink
            key={s.page}
            href={`/admin/${s.page}`}
            className="chip"
            aria-current={s.page === section.page ? "page" : undefined}
          >
            {s.title}
          </AppLink>
        ))}
      </nav>
      {body ? body() : null}
    </Page>
  );
}
