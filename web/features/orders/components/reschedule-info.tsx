import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { ClockIcon } from "../../../components/ui/icons";
import { useShell } from "../../../stores/shell-context";

/** /reschedule: how moving an appointment works, and where to do it (My Orders). */
export function RescheduleInfoPage() {
  const { supportPhone, viewer } = useShell();
  return (
    <>
      <AreaBar title="Reschedule" />
      <Page title="Reschedule your appointment" width="narrow">
        <EmptyState
          icon={<ClockIcon size={28} />}
          title="Pick a new time from My Orders"
          steps={[
            { label: viewer ? "Open My Orders" : "Log in to My Orders", href: "/account/orders", primary: true },
            { label: `Call ${supportPhone}`, href: telHref(supportPhone) },
          ]}
        >
          <p>
            Choose Reschedule on your upcoming appointment and pick a new time. Your professional must agree to it: we
            hold the new time for them and text you their answer. Until they agree, your appointment stays as booked.
          </p>
        </EmptyState>
      </Page>
    </>
  );
}
