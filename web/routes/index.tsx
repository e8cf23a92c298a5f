import { createFileRoute, redirect } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { favouritesQuery } from "../components/visit/visit-api";
import { HomePage } from "../features/home/components/home-page";
import { PageDataProvider, pageApiFrom, seedPage } from "../lib/page-data";
import { pageHead } from "../lib/seo/head";
import { websiteLd } from "../lib/seo/json-ld";

/**
 * The links the server texts land on home (`/?vpid=` a payment request, `/?cpid=&vid=` a job's secure-pay
 * or tip link). They open the one payment page, which looks the link up and says "We're sorry, this link is
 * expired." when it no longer pays anything (docs/decisions/102-entry-links-on-home.md).
 */
function payLinkOf(search: Record<string, unknown>): string | null {
  const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
  const vpid = text(search.vpid);
  if (vpid) return `/pay?${new URLSearchParams({ vpid })}`;
  const cpid = text(search.cpid);
  const vid = text(search.vid);
  if (cpid && vid) return `/pay?${new URLSearchParams({ cpid, vid })}`;
  return null;
}

export const Route = createFileRoute("/")({
  beforeLoad: ({ search }) => {
    const href = payLinkOf(search as Record<string, unknown>);
    if (href) throw redirect({ href, replace: true });
  },
  // Server render: a signed-in customer's favourite pros (docs/decisions/153), read from the shell's viewer;
  // signed out, nothing is asked and the row renders nothing.
  loader: (args) => {
    const signedIn = Boolean((args as { serverContext?: { viewer?: unknown } }).serverContext?.viewer);
    return seedPage(pageApiFrom(args), null, [signedIn && favouritesQuery.seed({})]);
  },
  head: () =>
    pageHead({
      title: `${BRAND.name} | Book at-home beauty, spa and massage pros by ZIP`,
      description: BRAND.description,
      path: "/",
      jsonLd: websiteLd(),
    }),
  component: function HomeRoute() {
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <HomePage />
      </PageDataProvider>
    );
  },
});
