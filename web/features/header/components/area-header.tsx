import type { ReactNode } from "react";
import { AppLink } from "../../../components/ui/app-link";
import { Logo } from "../../../components/ui/logo";
import { AccountControls } from "./account-controls";

export interface AreaLink {
  href: string;
  label: string;
  match?: "exact" | "area";
}

/** The own headers of the connect, blog and admin areas (docs/product.md section 2): logo, area name, area links, account. */
export function AreaHeader({
  area,
  links,
  tone = "light",
  extra,
}: {
  area: string;
  links: AreaLink[];
  tone?: "light" | "dark";
  extra?: ReactNode;
}) {
  return (
    <header className={`area-header area-${tone}`}>
      <div className="container area-row">
        <Logo label={area} />
        <nav aria-label={`${area} navigation`} className="area-nav">
          {links.map((l) => (
            <AppLink key={l.href} href={l.href} activeMatch={l.match ?? "exact"} className="area-link">
              {l.label}
            </AppLink>
          ))}
        </nav>
        <div className="header-actions">
          {extra}
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
