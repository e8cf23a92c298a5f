import { useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { bottomNavTabs, isVendor } from "../../../../domain/roles";
import { BOTTOM_BAR_SCROLL_THRESHOLD_PX } from "../../../../domain/ui-rules";
import { AppLink } from "../../../components/ui/app-link";
import {
  BagIcon,
  BriefcaseIcon,
  CalendarIcon,
  HelpIcon,
  HomeIcon,
  MenuIcon,
  ReceiptIcon,
  RepeatIcon,
  ShieldIcon,
  SparkleIcon,
  UserIcon,
} from "../../../components/ui/icons";
import { settingsStore } from "../../../stores/settings-store";
import { useViewer } from "../../../stores/shell-context";
import { openAuthModal, uiStore } from "../../../stores/ui-store";

/** Only pros on /business see it: loaded on demand so the customer pages' JavaScript does not carry it. */
const CalendarBadge = lazy(() =>
  import("../../business/components/calendar-badge").then((m) => ({ default: m.CalendarBadge })),
);
const BusinessMoreSheet = lazy(() => import("../../business/components/business-more-sheet"));

const ICONS: Record<string, ReactNode> = {
  admin: <ShieldIcon />,
  help: <HelpIcon />,
  connect: <BriefcaseIcon />,
  business: <SparkleIcon />,
  orders: <ReceiptIcon />,
  book: <CalendarIcon />,
  pro: <SparkleIcon />,
  profile: <UserIcon />,
  checkout: <BagIcon />,
  login: <UserIcon />,
  signup: <UserIcon />,
};

/** Hides while scrolling down past 20 px and shows again on the way up. */
function useHiddenByScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > BOTTOM_BAR_SCROLL_THRESHOLD_PX && y > last + 2) setHidden(true);
      else if (y < last - 2 || y <= BOTTOM_BAR_SCROLL_THRESHOLD_PX) setHidden(false);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}

function useFooterVisible(pathname: string): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const footer = document.getElementById("site-footer");
    if (!footer) {
      setVisible(false);
      return;
    }
    const io = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
    io.observe(footer);
    return () => io.disconnect();
  }, [pathname]);
  return visible;
}

/** The mobile bottom navigation (docs/product.md section 2); CSS shows it at 767 px and below. */
export function BottomNav({ disabled = false }: { disabled?: boolean }) {
  const viewer = useViewer();
  const pathname = useLocation({ select: (l) => l.pathname });
  const referral = settingsStore.use((s) => Boolean(s.referralCode));
  const serviceModal = uiStore.use((s) => s.serviceModalOpen);
  const scrolledAway = useHiddenByScroll();
  const footerVisible = useFooterVisible(pathname);
  const ref = useRef<HTMLElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);

  if (disabled || pathname === "/checkout" || pathname.startsWith("/checkout/")) return null;
  const hidden = scrolledAway || footerVisible || serviceModal;
  const onBusiness = pathname === "/business" || pathname.startsWith("/business/");

  if (viewer && isVendor(viewer) && onBusiness) {
    // The business area's one navigation on a phone (issue 21): its four pages, and "More" for the rest.
    return (
      <nav ref={ref} className={`bottom-nav${hidden && !moreOpen ? " is-hidden" : ""}`} aria-label="Business">
        <AppLink href="/business" className="bottom-tab" data-testid="bottom-tab-dashboard" activeMatch="exact">
          <HomeIcon />
          <span>Dashboard</span>
        </AppLink>
        <AppLink href="/business/calendar" className="bottom-tab" data-testid="bottom-tab-calendar" activeMatch="exact">
          <span className="bottom-tab-icon">
            <CalendarIcon />
            <Suspense fallback={null}>
              <CalendarBadge testId="bottom-tab-calendar-badge" corner />
            </Suspense>
          </span>
          <span>Calendar</span>
        </AppLink>
        <AppLink href="/business/pay" className="bottom-tab" data-testid="bottom-tab-pay" activeMatch="exact">
          <ReceiptIcon />
          <span>Pay</span>
        </AppLink>
        <AppLink
          href="/business/subscriptions"
          className="bottom-tab"
          data-testid="bottom-tab-subscriptions"
          activeMatch="exact"
        >
          <RepeatIcon />
          <span>Subscriptions</span>
        </AppLink>
        <button
          type="button"
          className="bottom-tab"
          data-testid="bottom-tab-more"
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          onClick={() => setMoreOpen(true)}
        >
          <MenuIcon />
          <span>More</span>
        </button>
        {moreOpen && (
          <Suspense fallback={null}>
            <BusinessMoreSheet open={moreOpen} onClose={() => setMoreOpen(false)} vendorId={viewer.vendor_id!} />
          </Suspense>
        )}
      </nav>
    );
  }

  const tabs = bottomNavTabs(viewer, { hasReferralCode: referral });
  return (
    <nav ref={ref} className={`bottom-nav${hidden ? " is-hidden" : ""}`} aria-label="Main">
      {tabs.map((t) =>
        t.modal ? (
          <button
            key={t.key}
            type="button"
            className="bottom-tab"
            data-testid={`bottom-tab-${t.key}`}
            onClick={() => openAuthModal(t.modal!)}
          >
            {ICONS[t.key]}
            <span>{t.label}</span>
          </button>
        ) : (
          <AppLink
            key={t.key}
            href={t.href}
            className="bottom-tab"
            data-testid={`bottom-tab-${t.key}`}
            activeMatch={t.href === "/#book" ? undefined : "area"}
          >
            {ICONS[t.key]}
            <span>{t.label}</span>
          </AppLink>
        ),
      )}
    </nav>
  );
}
