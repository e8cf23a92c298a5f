import { describe, expect, it } from "vitest";
import { catalogue, isMessageCode, messageFor } from "./messages";

describe("message catalogue", () => {
  it("keeps every text the spec quotes, verbatim", () => {
    const quoted: Record<string, string> = {
      INVALID_USER_ACCOUNT: "The information you entered does not match any existing accounts.",
      PHONE_NOT_VALID: "You have entered an invalid phone number.",
      USER_ALREADY_EXISTS: "User account already exists, please login.",
      FAIL_TOO_SOON_SINCE_LAST: "Too many requests, please wait 30 seconds and try again.",
      OPT_HAS_EXPIRED: "The validation code is no longer valid. Please submit the form again to receive a new code.",
      PHONE_AND_PASSWORD_NOT_MATCH: "You have entered an invalid phone number or password.",
      INCORRECT_USERNAME_AND_PASSWORD: "You have entered an invalid phone number or password.",
      TOO_MANY_ATTEMPTS: "Too many incorrect login attempts, please wait 1 minute before trying again.",
      GENERAL_EXCEPTION: "Sorry, we encountered a problem. Please contact us if issues persist.",
      ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER: "You're already a beauty member.",
      INVALID_SESSION: "User's Session has expired",
      FAILED_VENDOR_JOB_ACCEPT: "Sorry, this job is no longer available.",
      FAILED_VENDOR_SCHEDULE_ACCEPT: "This request is no longer available.",
      FAILED_VENDOR_SCHEDULE_DECLINED: "This request is no longer available.",
      FAILED_VENDOR_JOB_COMPLETION: "This job cannot be completed at this time.",
      INVALID_MFA: "Error, you have submitted an invalid MFA Token.",
      RELIABILITY_TOO_LOW: "Your Reliability Level is not high enough to enable this feature.",
      ERROR_CUSTOMER_PAY: "We're sorry, this link is expired.",
      INVALID_ADDRESS: "Invalid location, please enter a 5 digit zip code within the continental US.",
    };
    for (const [code, text] of Object.entries(quoted)) {
      expect(isMessageCode(code), code).toBe(true);
      expect(messageFor(code as keyof typeof catalogue)).toBe(text);
    }
  });

  it("has a text, a display flag and an HTTP status for every code", () => {
    for (const [code, entry] of Object.entries(catalogue)) {
      expect(entry.text.length, code).toBeGreaterThan(5);
      expect(["0", "1"]).toContain(entry.display);
      if (entry.display === "1") expect(entry.status, code).toBeGreaterThanOrEqual(400);
      else expect(entry.status, code).toBe(200);
    }
  });

  it("names every code the spec lists", () => {
    const listed = [
      "FAIL_TO_PHONE_CHANGE_CONTACT_SUPPORT",
      "INVALID_REFERRAL_CODE",
      "INVALID_EMAIL_ADDRESS",
      "OPT_INCORRECT",
      "INVALID_ADDRESS",
      "ITEM_NOT_AVAILABLE",
      "BOOK_AGAIN_NOT_AVAILABLE",
      "SELECTION_CHANGED",
      "CART_ITEM_DATE_CHANGED",
      "CART_ITEM_NOT_AVAILABLE",
      "ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME",
      "ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA",
      "ERROR_CHECKOUT_VALIDATION_FAILED",
      "ERROR_CHECKOUT_UNEXPECTED",
      "ERROR_CHECKOUT_STRIPE",
      "FAILED_VENDOR_JOB_ACCEPT2",
      "FAILED_VENDOR_RESCHEDULE",
      "COMPLETE_JOB_ERROR",
      "NO_FACE_DETECTED",
      "ERROR_LIMIT_UPLOADS",
      "ERROR_VSUBSCRIPTION",
      "GOOGLE_PERMISSION_ERROR",
      "FAILED_RECAPTCHA",
      "MESSAGE_FAILED",
    ];
    for (const code of listed) expect(isMessageCode(code), code).toBe(true);
    expect(isMessageCode("toString")).toBe(false);
  });
});
