import { createFileRoute, redirect } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { HomePage } from "../features/home/components/home-page";
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
  head: () =>
    pageHead({
      title: `${BRAND.name} | Book at-home beauty, spa and massage pros by ZIP`,
      description: BRAND.description,
      path: "/",
      jsonLd: websiteLd(),
    }),
  component: HomePage,
});
