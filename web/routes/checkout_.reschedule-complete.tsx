import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { rescheduleDoneQuery } from "../features/checkout/api/reschedule";
import { RescheduleCompletePage } from "../features/checkout/components/reschedule-checkout";
import { PageDataProvider, pageApiFrom, seedPage } from "../lib/page-data";

const requestIdOf = (search: Record<string, unknown>) => {
  const n = Number(search.request_id);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0;
};

/** The outcome of a reschedule's price difference, server-rendered: what was charged or comes back, and what next. */
export const Route = createFileRoute("/checkout_/reschedule-complete")({
  validateSearch: (search: Record<string, unknown>) => ({ request_id: requestIdOf(search) }),
  loaderDeps: ({ search }) => ({ requestId: search.request_id }),
  loader: (args) => {
    const api = pageApiFrom(args);
    const id = args.deps.requestId;
    return seedPage(api, null, [id > 0 && rescheduleDoneQuery.seed(id)]);
  },
  head: () => ({ meta: [{ title: `Reschedule sent | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: function RescheduleCompleteRoute() {
    const { request_id } = Route.useSearch();
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <RescheduleCompletePage requestId={request_id} />
      </PageDataProvider>
    );
  },
});
