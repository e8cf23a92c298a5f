import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { isVendor } from "../../../../domain/roles";
import { EmptyState, Page } from "../../../components/layout/page";
import { UserIcon } from "../../../components/ui/icons";
import { useViewer } from "../../../stores/shell-context";

/** /vendors: the professionals near the visitor. A vendor arriving with redirect_uri goes to /business (SPEC section 2). */
export function VendorsPage() {
  const viewer = useViewer();
  const router = useRouter();
  const redirectUri = useLocation({ select: (l) => (l.search as Record<string, unknown>).redirect_uri });

  useEffect(() => {
    if (viewer && isVendor(viewer) && typeof redirectUri === "string" && redirectUri) {
      void router.navigate({ href: `/business?redirect_uri=${encodeURIComponent(redirectUri)}`, replace: true });
    }
  }, [viewer, redirectUri, router]);

  return (
    <Page
      width="wide"
      eyebrow="Find a pro"
      title="Professionals near you"
      intro="Every professional is identity-checked, background-checked and rated by clients after each visit."
    >
      <EmptyState
        icon={<UserIcon size={28} />}
        title="Browse by service for now"
        steps={[
          { label: "Book by ZIP", href: "/#book", primary: true },
          { label: "Browse services", href: "/services" },
        ]}
      >
        <p>
          Professional profiles with photos of their work and reviews are on their way. Meanwhile, choose a service and
          we'll match you with a top-rated professional near you.
        </p>
      </EmptyState>
    </Page>
  );
}

/** /vendor/$vid: one professional's page. */
export function VendorPage({ vid }: { vid: string }) {
  const profileLabel = `Professional #${vid}`;
  return (
    <Page width="wide" eyebrow={profileLabel} title="Professional profile">
      <EmptyState
        icon={<UserIcon size={28} />}
        title="This profile isn't available yet"
        steps={[
          { label: "Browse services", href: "/services", primary: true },
          { label: "Find a pro", href: "/vendors" },
        ]}
      >
        <p>
          Professional pages with services, photos and reviews are being set up. You can still book this kind of service
          from the menu.
        </p>
      </EmptyState>
    </Page>
  );
}
