import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../../config/brand";
import { receiptQuery } from "../../../features/account/api/payments";
import { ReceiptPage } from "../../../features/account/components/receipt-page";
import { PageDataProvider, pageApiFrom, seedPage } from "../../../lib/page-data";

export const Route = createFileRoute("/account/payments/$id")({
  // Server render: one receipt of the customer's own (someone else's is NOT_FOUND), ready to print.
  loader: (args) => {
    const api = pageApiFrom(args);
    return seedPage(api, null, [api !== null && receiptQuery.seed(args.params.id)]);
  },
  head: () => ({ meta: [{ title: `Receipt | ${BRAND.name}` }] }),
  component: function ReceiptRoute() {
    const { id } = Route.useParams();
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <ReceiptPage id={id} />
      </PageDataProvider>
    );
  },
});
