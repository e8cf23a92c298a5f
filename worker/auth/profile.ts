import { DEFAULT_USER_PHOTO, type Profile } from "../../schema/payloads/accounts";
import type { SessionUser } from "./sessions";

/** The API's view of a user (docs/product.md section 3, "User details"). Never exposes hashes or lockout state. */
export function toProfile(user: SessionUser): Profile {
  return {
    user_id: user.user_id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    photo: user.photo ?? DEFAULT_USER_PHOTO,
    vendor_id: user.vendor_id,
    security_groups: user.security_groups,
    rating_weight: user.rating_weight,
    credit_balance: user.credit_balance_cents,
    immediate_credit_amt: user.immediate_credit_amt_cents,
    address: user.address,
    zipcode: user.zipcode,
    referral_code: user.referral_code,
  };
}
