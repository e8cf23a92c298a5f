import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../../config/brand";
import { pageOf, paymentsQuery } from "../../../features/account/api/payments";
import { PaymentsPage } from "../../../features/account/components/payments-page";
import { PageDataProvider, pageApiFrom, seedPage } from "../../../lib/page-data";

export const Route = createFileRoute("/account/payments/")({
  // Server render: the customer's own page of payments, read with their cookies (docs/decisions/154).
  loader: (args) => {
    const api = pageApiFrom(args);
    return seedPage(api, null, [api !== null && paymentsQuery.seed(pageOf(args.location.search))]);
  },
  head: () => ({ meta: [{ title: `Payments | ${BRAND.name}` }] }),
  component: function PaymentsRoute() {
    const page = Route.useSearch({ select: (s) => pageOf(s) });
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <PaymentsPage page={page} />
      </PageDataProvider>
    );
  },
});
