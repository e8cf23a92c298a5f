import { createFileRoute, Link } from "@tanstack/react-router";
import { Page } from "../../components/layout/page";
import { BRAND } from "../../config/brand";
import { JobActions } from "../../features/business/job-actions/job-actions";

/**
 * One job's actions on a page of its own (pictures, checklist, completion, charges, refunds, texting): the
 * deep link for a pro on their phone, and what the dashboard's job-detail modal mounts inline.
 */
export const Route = createFileRoute("/business/jobs/$id")({
  head: () => ({ meta: [{ title: `Job | ${BRAND.name}` }] }),
  component: JobPage,
});

function JobPage() {
  const { id } = Route.useParams();
  const soId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  return (
    <Page
      width="narrow"
      eyebrow="Your business"
      title={`Job #${id}`}
      intro={<Link to="/business">Back to your dashboard</Link>}
    >
      {soId === null ? (
        <p className="form-error" role="alert">
          This job link is not valid.
        </p>
      ) : (
        <JobActions service_order_id={soId} />
      )}
    </Page>
  );
}
