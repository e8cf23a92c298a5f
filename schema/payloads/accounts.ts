import * as v from "valibot";
import { singleLine } from "./bounds";

/** The profile as the API returns it (docs/product.md section 3, "User details"). Money fields are cents. */
export interface Profile {
  user_id: number;
  name: string;
  phone: string;
  email: string;
  photo: string;
  vendor_id: number | null;
  security_groups: string;
  rating_weight: number;
  credit_balance: number;
  immediate_credit_amt: number;
  address: string | null;
  zipcode: string | null;
  referral_code: string;
}

export const DEFAULT_USER_PHOTO = "/assets/user.svg";
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Every text field of these payloads is one line (schema/payloads/bounds.ts). */
const trimmed = singleLine;

/** Shape checks only; phone, email and referral rules with their catalogue codes run in the handler. */
export const SignupBody = v.object({
  name: v.pipe(trimmed(80), v.minLength(2, "Please enter your name.")),
  phone: trimmed(32),
  email: trimmed(254),
  password: v.pipe(v.string(), v.maxLength(MAX_PASSWORD_LENGTH)),
  referral_code: v.optional(v.nullable(trimmed(32))),
  /** The bot-check widget's token (Turnstile); optional while the local pass-through is configured. */
  token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096)))),
});
export type SignupBody = v.InferOutput<typeof SignupBody>;

export const LoginBody = v.object({
  phone: trimmed(254),
  password: v.pipe(v.string(), v.minLength(1, "Please enter your password."), v.maxLength(MAX_PASSWORD_LENGTH)),
});

export const ValidateOtpBody = v.object({
  phone: trimmed(32),
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, "The code has 6 digits.")),
});

export const VerifyOwnerBody = v.object({
  phone: trimmed(32),
  /** The bot-check widget's token (Turnstile); optional while the local pass-through is configured. */
  token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096)))),
});

export const ResetPasswordBody = v.object({
  phone: trimmed(32),
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, "The code has 6 digits.")),
  password: v.pipe(v.string(), v.maxLength(MAX_PASSWORD_LENGTH)),
  /** The bot-check widget's token (Turnstile); optional while the local pass-through is configured. */
  token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096)))),
});

export const GoogleAuthBody = v.object({ credential: v.pipe(v.string(), v.minLength(20), v.maxLength(4096)) });

export const ProfileUpdateBody = v.object({
  name: v.optional(v.pipe(trimmed(80), v.minLength(2, "Please enter your name."))),
  email: v.optional(trimmed(254)),
  phone: v.optional(trimmed(32)),
  address: v.optional(v.nullable(trimmed(200))),
  zipcode: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^\d{5}$/, "Use a 5 digit ZIP code.")))),
});

export interface CodeSent {
  phone: string;
  code_sent: true;
  expires_in_seconds: number;
}

export interface RedirectInfo {
  redirect: 0 | 1 | 2;
  service_order_id?: number;
  vendor_name?: string;
  destination: string | null;
}
