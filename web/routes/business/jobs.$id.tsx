import { createFileRoute, Link } from "@tanstack/react-router";
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
    <div className="page-narrow" style={{ maxWidth: 720, margin: "0 auto", padding: "16px" }}>
      <p>
        <Link to="/business">Back to your dashboard</Link>
      </p>
      <h1>Job #{id}</h1>
      {soId === null ? <p role="alert">This job link is not valid.</p> : <JobActions service_order_id={soId} />}
    </div>
  );
}
