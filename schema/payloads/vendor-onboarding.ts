import type { VendorAccountState } from "../../domain/vendors/account-policy";

/** Response types of the becoming-a-pro and pro profile calls (worker/api/vendor-*.ts), shared with the web. */
export interface ApplyGroup {
  service_code_group_id: number;
  name: string;
  slug: string;
  license_required: boolean;
}

export interface ApplicationState {
  application_id: number;
  state: "in_review" | "approved" | "rejected" | "closed_can_reapply";
  submitted_at: number;
  name: string;
  zipcode: string;
}

export interface ProProfile {
  vendor_id: number;
  display_name: string;
  status: "active" | "deactivated" | "terminated";
  /** What the account allows (domain/vendors/account-policy.ts; docs/decisions/118). */
  account_state: VendorAccountState;
  /** When the pro asked staff to reactivate their deactivated account (null: no request waiting). */
  reactivation_requested_at: number | null;
  description: string;
  photo: string | null;
  /** Staff's review of the photo: a rejected one shows the default picture to clients, with review_note. */
  photo_status: "pending" | "approved" | "rejected";
  review_note: string | null;
  reliability: number;
  tz: string;
  base_zip: string | null;
  range_miles: number;
  agreement: boolean;
  agreement_signed_at: number | null;
  agreement_version: string | null;
  current_agreement_version: string;
}

export interface RequestableGroup {
  service_code_group_id: number;
  service_code: string;
  name: string;
  approved: boolean;
  requested: boolean;
}
