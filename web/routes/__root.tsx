import {
  createRootRoute,
  HeadContent,
  Outlet,
  Scripts,
  useLocation,
  type ErrorComponentProps,
} from "@tanstack/react-router";
import type { ReactNode } from "react";
import { canUseConnectAdmin } from "../../domain/roles";
import { AlertRegion } from "../components/layout/alert-region";
import { BRAND, telHref } from "../config/brand";
import { AuthModals } from "../features/auth/components/auth-modals";
import { useCartSync } from "../features/cart/hooks/use-cart-sync";
import { NotFoundPage } from "../features/content/components/not-found";
import { AreaHeader } from "../features/header/components/area-header";
import { SiteHeader } from "../features/header/components/site-header";
import { Banners } from "../features/shell/components/banners";
import { BottomNav } from "../features/shell/components/bottom-nav";
import { SiteFooter } from "../features/shell/components/site-footer";
import { useEntryParams } from "../features/shell/hooks/use-entry-params";
import { usePostLoginRedirect } from "../features/shell/hooks/use-post-login-redirect";
import { usePriceNotice } from "../features/shell/hooks/use-price-notice";
import { useShellRefresh } from "../features/shell/hooks/use-shell-refresh";
import { useWelcomeCredits } from "../features/shell/hooks/use-welcome-credits";
import { layoutFor } from "../lib/layout-rules";
import { shellFromServerContext } from "../lib/shell-data";
import { ShellProvider, shellStateFrom, useShell, useViewer } from "../stores/shell-context";
// Imported (not linked by URL) so the build inlines them into the server's HTML (vite.config.ts, inlineCss):
// no render-blocking stylesheet request before the first paint.
import "../styles/app.css";
import "../styles/commerce.css";

export const Route = createRootRoute({
  head: () => ({
    meta: [
      { charSet: "utf-8" },
      { name: "viewport", content: "width=device-width, initial-scale=1, viewport-fit=cover" },
      { name: "theme-color", content: "#fbf7f3" },
      { name: "description", content: BRAND.description },
      { title: `${BRAND.name} | At-home beauty, spa and massage` },
    ],
    links: [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }],
  }),
  // Server render: the Worker's ShellData arrives as request context and is dehydrated with the page, so a
  // signed-in visitor never sees "Log In" flash. In the browser this never re-runs (shouldReload false);
  // if the server had none, useShellRefresh fetches GET /api/shell.
  // Start passes the request context to loaders as a top-level `serverContext` argument (not inside
  // `context`) during the server render only; it is not in the loader's types, hence the cast.
  loader: (args) => ({ shell: shellFromServerContext((args as { serverContext?: unknown }).serverContext) }),
  shouldReload: false,
  staleTime: Number.POSITIVE_INFINITY,
  shellComponent: RootDocument,
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
});

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

function RootComponent() {
  const { shell } = Route.useLoaderData();
  return (
    <ShellProvider initial={shellStateFrom(shell)}>
      <AppShell>
        <Outlet />
      </AppShell>
    </ShellProvider>
  );
}

function AppShell({ children }: { children: ReactNode }) {
  useShellRefresh();
  useEntryParams();
  usePostLoginRedirect();
  useWelcomeCredits();
  usePriceNotice();
  useCartSync();
  const pathname = useLocation({ select: (l) => l.pathname });
  const layout = layoutFor(pathname);
  const { supportPhone } = useShell();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <noscript>
        <div className="banner banner-warn">
          <p>
            JavaScript is turned off or your browser is out of date, which may cause issues with booking. Please enable
            JavaScript or call us at <a href={telHref(supportPhone)}>{supportPhone}</a> and we'll book for you.
          </p>
        </div>
      </noscript>
      <Banners />
      <AreaChrome kind={layout.header} checkout={layout.checkout} />
      <main id="main" tabIndex={-1} className={`main main-${layout.header}`}>
        {children}
      </main>
      {layout.footer !== "hide" && <SiteFooter mode={layout.footer} />}
      <BottomNav />
      <AuthModals />
      <AlertRegion />
    </>
  );
}

function AreaChrome({ kind, checkout }: { kind: ReturnType<typeof layoutFor>["header"]; checkout: boolean }) {
  const viewer = useViewer();
  switch (kind) {
    case "main":
      return <SiteHeader checkout={checkout} />;
    case "blog":
      return (
        <AreaHeader
          area="Journal"
          links={[
            { href: "/blogs", label: "All articles" },
            { href: "/services", label: "Book a pro" },
            { href: "/help", label: "Help" },
          ]}
        />
      );
    case "connect":
      return (
        <AreaHeader
          area="Connect"
          links={[
            { href: "/connect", label: "Business services" },
            ...(viewer && canUseConnectAdmin(viewer) ? [{ href: "/connect/admin", label: "Connect admin" }] : []),
            { href: "/", label: "For you at home" },
          ]}
        />
      );
    case "admin":
      return (
        <AreaHeader
          area="Admin"
          tone="dark"
          links={[
            { href: "/admin", label: "Overview" },
            { href: "/admin/outbox", label: "Outbox" },
            { href: "/admin/applications", label: "Applications" },
            { href: "/admin/vendors", label: "Vendors" },
            { href: "/admin/ratings", label: "Ratings" },
            { href: "/admin/payouts", label: "Payouts" },
          ]}
        />
      );
    default:
      return null;
  }
}

function RootError({ error, reset }: ErrorComponentProps) {
  return (
    <div className="page page-narrow not-found" role="alert">
      <p className="eyebrow">Something went wrong</p>
      <h1 className="page-title">Sorry, this page didn't load</h1>
      <p className="page-intro">Please try again. If it keeps happening, contact us and we'll help right away.</p>
      {import.meta.env.DEV && (
        <pre className="error-detail">{error instanceof Error ? error.message : String(error)}</pre>
      )}
      <div className="not-found-actions">
        <button type="button" className="button button-primary" onClick={() => reset()}>
          Try again
        </button>
        <a href="/" className="button button-secondary">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
