import type { VendorJobView } from "../../../../../schema/payloads/vendor-dashboard";
import { AppLink } from "../../../../components/ui/app-link";

/** Opens the calendar on the job's day, for today's jobs as much as later ones. */
export function OnCalendarLink({ job }: { job: VendorJobView }) {
  return (
    <AppLink
      href={`/business/calendar?date=${job.promised_arrival_time.slice(0, 10)}`}
      className="button button-ghost button-sm"
    >
      On calendar
    </AppLink>
  );
}
