/**
 * Vendor application states (docs/product.md section 4 "Vendor application"; docs/decisions/080-vendor-application.md).
 * rejected is permanent; silently_rejected looks like "under review" to the applicant forever and also
 * blocks a new application; ignored lets the applicant apply again; approved makes them a pro.
 */
export type ApplicationStatus = "submitted" | "approved" | "rejected" | "silently_rejected" | "ignored";

/** What the applicant is shown: a silent rejection is never revealed. */
export type ApplicantView = "in_review" | "approved" | "rejected" | "closed_can_reapply";

export function applicantView(status: ApplicationStatus): ApplicantView {
  switch (status) {
    case "submitted":
    case "silently_rejected":
      return "in_review";
    case "approved":
      return "approved";
    case "rejected":
      return "rejected";
    case "ignored":
      return "closed_can_reapply";
  }
}

/** Whether a user whose applications have these states may submit another; the code to answer if not. */
export function applyBlocker(
  statuses: readonly ApplicationStatus[],
): "VENDOR_APPLICATION_CLOSED" | "VENDOR_APPLICATION_PENDING" | "VENDOR_ALREADY_EXISTS" | null {
  if (statuses.includes("rejected")) return "VENDOR_APPLICATION_CLOSED";
  // A silent rejection answers like a pending one so the applicant learns nothing.
  if (statuses.includes("submitted") || statuses.includes("silently_rejected")) return "VENDOR_APPLICATION_PENDING";
  if (statuses.includes("approved")) return "VENDOR_ALREADY_EXISTS";
  return null;
}

/** Years of experience accepted on the form. */
export const MAX_EXPERIENCE_YEARS = 60;
