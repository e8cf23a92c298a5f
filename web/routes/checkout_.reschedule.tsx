import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { rescheduleQuery } from "../features/checkout/api/reschedule";
import { RescheduleCheckoutPage } from "../features/checkout/components/reschedule-checkout";
import { PageDataProvider, pageApiFrom, seedPage } from "../lib/page-data";

const requestIdOf = (search: Record<string, unknown>) => {
  const n = Number(search.request_id);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0;
};

/** The price difference of a reschedule that changes the appointment's length, paid before the pro is asked. */
export const Route = createFileRoute("/checkout_/reschedule")({
  validateSearch: (search: Record<string, unknown>) => ({ request_id: requestIdOf(search) }),
  loaderDeps: ({ search }) => ({ requestId: search.request_id }),
  loader: (args) => {
    const api = pageApiFrom(args);
    const id = args.deps.requestId;
    return seedPage(api, null, [id > 0 && rescheduleQuery.seed(id)]);
  },
  head: () => ({ meta: [{ title: `Review your reschedule | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: function RescheduleCheckoutRoute() {
    const { request_id } = Route.useSearch();
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <RescheduleCheckoutPage requestId={request_id} />
      </PageDataProvider>
    );
  },
});
