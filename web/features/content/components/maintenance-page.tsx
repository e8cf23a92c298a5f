import { BRAND, telHref } from "../../../config/brand";
import { ClockIcon } from "../../../components/ui/icons";
import { EmptyState } from "../../../components/layout/page";
import { useShell } from "../../../stores/shell-context";

export function MaintenancePage() {
  const { supportPhone } = useShell();
  return (
    <div className="gate">
      <EmptyState
        icon={<ClockIcon size={28} />}
        headingLevel={1}
        title="We'll be right back"
        steps={[{ label: "Try again", onClick: () => window.location.assign("/"), primary: true }]}
      >
        <p>
          {BRAND.name} is getting a little tune-up. Your bookings and account are safe, and your professionals still
          have all the details of today's appointments.
        </p>
        <p>
          Need to change an appointment right now? Call us at <a href={telHref(supportPhone)}>{supportPhone}</a>.
        </p>
      </EmptyState>
    </div>
  );
}
