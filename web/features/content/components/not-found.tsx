import { AppLink } from "../../../components/ui/app-link";

/** The 404 page: for unknown paths, and /404 (a failed ZIP lookup, docs/product.md section 2). */
export function NotFoundPage() {
  return (
    <div className="page page-narrow not-found">
      <p className="eyebrow">Error 404</p>
      <h1 className="page-title">We couldn't find that page</h1>
      <p className="page-intro">
        The link may be old, or the page may have moved. Here are some good places to pick up from.
      </p>
      <div className="not-found-actions">
        <AppLink href="/" className="button button-primary">
          Go to the home page
        </AppLink>
        <AppLink href="/services" className="button button-secondary">
          Browse services
        </AppLink>
        <AppLink href="/help" className="button button-ghost">
          Visit the help center
        </AppLink>
      </div>
    </div>
  );
}
