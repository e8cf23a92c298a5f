import type { ReactNode } from "react";
import { AppLink } from "../../../components/ui/app-link";

const LINKS = [
  { href: "/account/orders", label: "My Orders" },
  { href: "/account/wallet", label: "My Wallet" },
  { href: "/account/payments", label: "Payments" },
  { href: "/account/membership", label: "Membership" },
  { href: "/account/settings", label: "My Account" },
];

/** The account area: a side navigation (a scrolling tab row on phones) and the page. */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page page-wide">
      <div className="account-layout">
        <nav className="account-nav" aria-label="Account">
          {LINKS.map((l) => (
            <AppLink key={l.href} href={l.href} activeMatch="exact">
              {l.label}
            </AppLink>
          ))}
        </nav>
        <div className="account-main">{children}</div>
      </div>
    </div>
  );
}
