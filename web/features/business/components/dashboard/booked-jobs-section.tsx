import type { ReactNode } from "react";
import type { VendorJobView } from "../../../../../schema/payloads/vendor-dashboard";
import { ConfirmScheduleButton } from "./confirm-schedule-button";
import { JobLine } from "./job-line";
import { OnCalendarLink } from "./on-calendar-link";
import { Section } from "./section";

/** Booked jobs (today's or later ones): each confirms its schedule and opens the calendar on its day. */
export function BookedJobsSection({
  title,
  id,
  label,
  testId,
  empty,
  jobs,
  busy,
  onOpen,
  onConfirm,
}: {
  title: string;
  id: string;
  /** The list's accessible name. */
  label: string;
  testId?: string;
  /** What the section says when there is no job in it. */
  empty: ReactNode;
  jobs: VendorJobView[];
  busy: string | null;
  onOpen(job: VendorJobView): void;
  onConfirm(job: VendorJobView): void;
}) {
  return (
    <Section title={title} count={jobs.length} id={id}>
      {jobs.length === 0 ? (
        empty
      ) : (
        <ul className="biz-list" aria-label={label} data-testid={testId}>
          {jobs.map((j) => (
            <JobLine key={j.service_order_id} job={j} onOpen={() => onOpen(j)}>
              <ConfirmScheduleButton job={j} busy={busy} onConfirm={onConfirm} />
              <OnCalendarLink job={j} />
            </JobLine>
          ))}
        </ul>
      )}
    </Section>
  );
}
