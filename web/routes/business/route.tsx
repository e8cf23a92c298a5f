import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { BusinessFrame } from "../../features/business/components/business-pages";
import { NotFoundPage } from "../../features/content/components/not-found";
import { AccountControls } from "../../features/header/components/account-controls";
import { ProNav } from "../../components/layout/pro-nav";
import businessCss from "../../styles/business.css?url";

export const Route = createFileRoute("/business")({
  // The pro's own area: kept out of search results (robots.txt disallows it too).
  head: () => ({ meta: [{ name: "robots", content: "noindex" }], links: [{ rel: "stylesheet", href: businessCss }] }),
  component: () => (
    <BusinessFrame account={<AccountControls />}>
      <RequireRole need="vendor">
        <ProNav />
        <Outlet />
      </RequireRole>
    </BusinessFrame>
  ),
  // An unknown /business/... address keeps the business bar around the 404, so the pro can find their way back.
  notFoundComponent: NotFoundPage,
});
