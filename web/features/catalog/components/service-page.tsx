import type { ReactNode } from "react";
import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CalendarIcon } from "../../../components/ui/icons";
import { categoryHref } from "../../../lib/paths";
import { settingsStore } from "../../../stores/settings-store";
import { useShell } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";

/** /services/$slug: a service page. Times, prices and pros for the ZIP arrive with the booking issue. */
export function ServicePage({ slug, locationControl }: { slug: string; locationControl?: ReactNode }) {
  const { categories, supportPhone } = useShell();
  const zip = settingsStore.use((s) => s.zipcode);
  const category = categories.find((c) => c.services.some((s) => s.slug === slug));
  const service = category?.services.find((s) => s.slug === slug);

  if (!service || !category) {
    return (
      <>
        <AreaBar title="Services">{locationControl}</AreaBar>
        <div className="gate">
          <EmptyState
            title="We couldn't find that service"
            steps={[{ label: "Browse all services", href: "/services", primary: true }]}
          >
            <p>It may have been renamed or isn't offered any more. Browse the full menu to find something similar.</p>
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <>
      <AreaBar title={category.name}>{locationControl}</AreaBar>
      <Page
        eyebrow={category.name}
        title={service.description}
        intro="Performed in your home by a vetted, insured professional who brings everything needed."
        actions={
          <AppLink href={categoryHref(category.service_code_group_id)} className="button button-secondary button-sm">
            More {category.name}
          </AppLink>
        }
      >
        <EmptyState
          icon={<CalendarIcon size={28} />}
          title={zip ? `Times and prices near ${zip}` : "Set your location to see times and prices"}
          steps={
            zip
              ? [{ label: `Call ${supportPhone} to book`, href: telHref(supportPhone), primary: true }]
              : [{ label: "Set location", onClick: () => openZipBox(), primary: true }]
          }
        >
          <p>
            {zip
              ? "Online booking for this service is opening in your area. Our care team can book it for you by phone today."
              : "Prices and available professionals depend on where you are."}
          </p>
        </EmptyState>
      </Page>
    </>
  );
}
