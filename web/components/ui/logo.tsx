import { BRAND } from "../../config/brand";
import { AppLink } from "./app-link";

/** The wordmark: a small sunrise glyph and the name. Links home. */
export function Logo({ compact = false, label }: { compact?: boolean; label?: string }) {
  return (
    <AppLink href="/" className="logo" aria-label={`${BRAND.name} home`}>
      <svg className="logo-mark" width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--brand)" />
        <path
          d="M8 19.5a8 8 0 0 1 16 0"
          fill="none"
          stroke="var(--brand-ink)"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
        <path
          d="M16 7.5v3M9 10.5l1.8 1.8M23 10.5l-1.8 1.8M6.5 23.5h19"
          fill="none"
          stroke="var(--brand-ink)"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
      {!compact && (
        <span className="logo-text">
          Glow<span className="logo-soft"> At Home</span>
        </span>
      )}
      {label && <span className="logo-area">{label}</span>}
    </AppLink>
  );
}
