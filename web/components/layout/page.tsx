import type { ReactNode } from "react";
import { AppLink } from "../ui/app-link";
import { Logo } from "../ui/logo";

/** A page's title block and content column. */
export function Page({
  title,
  eyebrow,
  intro,
  children,
  width = "normal",
  actions,
}: {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children?: ReactNode;
  width?: "narrow" | "normal" | "wide";
  actions?: ReactNode;
}) {
  return (
    <div className={`page page-${width}`}>
      <header className="page-head">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <div className="page-title-row">
          <h1 className="page-title">{title}</h1>
          {actions && <div className="page-actions">{actions}</div>}
        </div>
        {intro && <div className="page-intro">{intro}</div>}
      </header>
      {children}
    </div>
  );
}

export interface NextStep {
  label: string;
  href?: string;
  onClick?: () => void;
  primary?: boolean;
}

/** An honest empty state: what this place is for, why it's empty, and where to go next. */
export function EmptyState({
  icon,
  title,
  children,
  steps = [],
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  /** 1 when the empty state is the whole page (gates, maintenance), so the page still has its h1. */
  headingLevel?: 1 | 2;
  children?: ReactNode;
  steps?: NextStep[];
}) {
  return (
    <section className="empty-state" aria-label={title}>
      {icon && <div className="empty-icon">{icon}</div>}
      {headingLevel === 1 ? <h1 className="empty-title">{title}</h1> : <h2 className="empty-title">{title}</h2>}
      {children && <div className="empty-body">{children}</div>}
      {steps.length > 0 && (
        <div className="empty-actions">
          {steps.map((s) =>
            s.href ? (
              <AppLink
                key={s.label}
                href={s.href}
                className={`button ${s.primary ? "button-primary" : "button-secondary"}`}
              >
                {s.label}
              </AppLink>
            ) : (
              <button
                key={s.label}
                type="button"
                onClick={s.onClick}
                className={`button ${s.primary ? "button-primary" : "button-secondary"}`}
              >
                {s.label}
              </button>
            ),
          )}
        </div>
      )}
    </section>
  );
}

/** A minimal top bar for areas where the default header is hidden (docs/product.md section 2). */
export function AreaBar({ title, nav, children }: { title: string; nav?: ReactNode; children?: ReactNode }) {
  return (
    <div className="area-bar">
      <Logo compact />
      <span className="area-bar-title">{title}</span>
      {nav && <div className="area-bar-nav">{nav}</div>}
      <div className="area-bar-extra">{children}</div>
    </div>
  );
}
