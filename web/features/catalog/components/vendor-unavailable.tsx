import { EmptyState } from "../../../components/layout/page";
import { UserIcon } from "../../../components/ui/icons";

/** A pro's page for a pro who cannot be booked: paused (404) or no longer with us (410, `gone`). */
export function VendorUnavailable({ gone = false }: { gone?: boolean }) {
  return (
    <div className="gate">
      <EmptyState
        headingLevel={1}
        icon={<UserIcon size={28} />}
        title={gone ? "This professional no longer works with us" : "This professional isn't available"}
        steps={[
          { label: "Find another pro", href: "/vendors", primary: true },
          { label: "Browse services", href: "/services" },
        ]}
      >
        <p>
          {gone ? "Their profile has been removed." : "They may have paused their bookings."} Plenty of other vetted
          pros are ready to come to you.
        </p>
      </EmptyState>
    </div>
  );
}
