import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { ClockIcon, ReceiptIcon, RepeatIcon } from "../../../components/ui/icons";
import { useShell } from "../../../stores/shell-context";
import type { ReactNode } from "react";

/**
 * Pages opened from links we text to clients (pay, subscription, reschedule). They have no
 * default header or footer (docs/product.md section 2). Without the link's details there is nothing to show yet.
 */
function LinkFrame({ area, title, icon, text }: { area: string; title: string; icon: ReactNode; text: string }) {
  const { supportPhone } = useShell();
  return (
    <>
      <AreaBar title={area} />
      <Page title={title} width="narrow">
        <EmptyState
          icon={icon}
          title="Open the link from your text message"
          steps={[
            { label: `Call ${supportPhone}`, href: telHref(supportPhone), primary: true },
            { label: "Go to the home page", href: "/" },
          ]}
        >
          <p>{text}</p>
        </EmptyState>
      </Page>
    </>
  );
}

export const PayPage = () => (
  <LinkFrame
    area="Payment"
    title="Pay for your appointment"
    icon={<ReceiptIcon size={28} />}
    text="This page opens from the secure payment link your professional or our care team sent you. If your link has expired, call us and we'll send a new one."
  />
);

export const SubscriptionPage = () => (
  <LinkFrame
    area="Subscription"
    title="Your recurring appointment"
    icon={<RepeatIcon size={28} />}
    text="Review your recurring appointment and add a payment method from the link your professional texted you. You're charged 24 hours before each visit."
  />
);

export const ReschedulePage = () => (
  <LinkFrame
    area="Reschedule"
    title="Reschedule your appointment"
    icon={<ClockIcon size={28} />}
    text="Approve or choose a new time from the link we texted you. You can also reschedule from My Orders when you're logged in."
  />
);
