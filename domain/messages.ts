/**
 * The message catalogue (SPEC section 8). Every code the API answers with lives here, with the text the
 * user sees. Quoted texts are verbatim from the spec; the rest were written for this product
 * (docs/decisions/002-message-catalogue.md).
 *
 * `display` is the catalogue's display-type flag: "1" shows as an alert the user must dismiss (errors),
 * "0" as a passing notice (successes, auto-dismissed after 8 s).
 */
export interface CatalogueEntry {
  readonly text: string;
  readonly display: "0" | "1";
  /** HTTP status the API answers with when this code is an error. */
  readonly status: number;
}

const error = (text: string, status = 400): CatalogueEntry => ({ text, display: "1", status });
const success = (text: string): CatalogueEntry => ({ text, display: "0", status: 200 });

export const catalogue = {
  // Accounts and sessions
  INVALID_USER_ACCOUNT: error("The information you entered does not match any existing accounts.", 404),
  PHONE_NOT_VALID: error("You have entered an invalid phone number."),
  USER_ALREADY_EXISTS: error("User account already exists, please login.", 409),
  FAIL_TOO_SOON_SINCE_LAST: error("Too many requests, please wait 30 seconds and try again.", 429),
  FAIL_TO_PHONE_CHANGE_CONTACT_SUPPORT: error(
    "Your phone number can't be changed online. Please contact support to change it.",
    409,
  ),
  INVALID_REFERRAL_CODE: error("That referral code is not valid. Check it or leave it empty."),
  INVALID_EMAIL_ADDRESS: error("Please enter a valid email address."),
  OPT_INCORRECT: error("The validation code you entered is incorrect."),
  OPT_HAS_EXPIRED: error(
    "The validation code is no longer valid. Please submit the form again to receive a new code.",
    410,
  ),
  PHONE_AND_PASSWORD_NOT_MATCH: error("You have entered an invalid phone number or password.", 401),
  INCORRECT_USERNAME_AND_PASSWORD: error("You have entered an invalid phone number or password.", 401),
  TOO_MANY_ATTEMPTS: error("Too many incorrect login attempts, please wait 1 minute before trying again.", 429),
  INVALID_SESSION: error("User's Session has expired", 401),
  INVALID_MFA: error("Error, you have submitted an invalid MFA Token.", 401),
  FAILED_RECAPTCHA: error("We couldn't verify that you are human. Please try again.", 403),
  GOOGLE_PERMISSION_ERROR: error("Google sign-in is not available right now. Please log in with your phone.", 503),
  FORBIDDEN: error("You don't have access to this page.", 403),
  NOT_FOUND: error("We couldn't find what you were looking for.", 404),
  INVALID_INPUT: error("Some of the information you entered is not valid. Please check it and try again."),
  PASSWORD_TOO_WEAK: error("Please choose a password of at least 8 characters."),
  GENERAL_EXCEPTION: error("Sorry, we encountered a problem. Please contact us if issues persist.", 500),

  // Files
  FILE_FORMAT_NOT_ALLOWED: error("That file type is not supported. Please upload a JPG, PNG or WebP image.", 415),
  FILE_TOO_LARGE: error("That file is too large. Please upload an image under 5 MB.", 413),
  FILE_DUPLICATE: error("You uploaded this picture recently. Please choose another one.", 409),
  FILE_LOW_QUALITY: error("That picture is too dark, blurry or plain. Please choose a clearer one.", 422),
  NO_FACE_DETECTED: error("Your profile photo does not meet our requirements. Please use a clear photo of your face."),
  ERROR_LIMIT_UPLOADS: error("You have reached the maximum number of pictures.", 429),

  // Location and catalogue
  INVALID_ADDRESS: error("Invalid location, please enter a 5 digit zip code within the continental US."),
  ITEM_NOT_AVAILABLE: error("This item is no longer available.", 409),
  BOOK_AGAIN_NOT_AVAILABLE: error("This service can't be booked again right now.", 409),
  SELECTION_CHANGED: error("Your selection changed. Please review it and try again.", 409),

  // Cart and checkout
  CART_ITEM_DATE_CHANGED: error("The time of this service has moved. Please review the new time.", 409),
  CART_ITEM_NOT_AVAILABLE: error("This service is no longer available at the chosen time and was removed.", 409),
  ERROR_CHECKOUT_VALIDATION_FAILED: error("Some items in your cart changed. Please review your cart.", 409),
  ERROR_CHECKOUT_UNEXPECTED: error("Sorry, we couldn't complete your checkout. You have not been charged.", 500),
  ERROR_CHECKOUT_STRIPE: error("The payment page failed to load. Please refresh and try again.", 502),
  ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER: error("You're already a beauty member.", 409),
  ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME: error("Please choose a time different from the current one.", 409),
  ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA: error("We couldn't reschedule this service. Please contact us.", 409),
  ERROR_CUSTOMER_PAY: error("We're sorry, this link is expired.", 410),
  ERROR_VSUBSCRIPTION: error("This subscription can't be changed right now.", 409),
  // Payments (docs/decisions/031-payments.md). Card texts are the processor's own wording, shown beneath the
  // card field; CARD_INCOMPLETE is verbatim from SPEC section 5 "Card form".
  CARD_INCOMPLETE: error(
    "Your payment info is incomplete. In the input box above, please enter your card number followed by the expiration date, card security code, and billing zip code to proceed.",
  ),
  CARD_NUMBER_INCORRECT: error("Your card number is incorrect."),
  CARD_EXPIRY_INVALID: error("Your card's expiration date is invalid."),
  CARD_EXPIRED: error("Your card has expired."),
  CARD_CVC_INVALID: error("Your card's security code is invalid."),
  CARD_ZIP_INVALID: error("Your billing ZIP code is invalid."),
  CARD_DECLINED: error("Your card was declined.", 402),
  CARD_INSUFFICIENT_FUNDS: error("Your card has insufficient funds.", 402),
  CARD_CVC_INCORRECT: error("Your card's security code is incorrect.", 402),
  CARD_PROCESSING_ERROR: error("An error occurred while processing your card. Try again in a little bit.", 402),
  CARD_AUTHENTICATION_FAILED: error(
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    402,
  ),
  CARD_AUTHENTICATION_REQUIRED: error("Your card was declined. This transaction requires authentication.", 402),
  PAYMENT_METHOD_NOT_FOUND: error("We couldn't find that card. Please enter it again.", 404),
  PAYMENT_NOT_REFUNDABLE: error("This payment can't be refunded for that amount.", 409),
  PAYMENT_STATE_CHANGED: error("This payment was already completed or cancelled. Please refresh the page.", 409),
  WEBHOOK_SIGNATURE_INVALID: error("The webhook signature is not valid."),
  // Orders after the booking: tips, secure pay, ratings, cancellation (docs/api-orders.md). The tip and
  // rating texts are verbatim from SPEC section 5 where it quotes them.
  TIP_TOO_SMALL: error("Please enter a larger tip amount."),
  TIP_TOO_LARGE: error("That tip is more than we can accept. Please enter a smaller amount."),
  TIP_INVALID: error("Please enter the tip in dollars and cents, like 10 or 12.50."),
  TIP_NOT_AVAILABLE: error("You can tip once your service is completed.", 409),
  TIP_ERROR: error("Your tip could not be processed. Please check your payment details and try again.", 402),
  CHARGE_ERROR: error("Your payment could not be processed. Please check your payment details and try again.", 402),
  RATING_REQUIRED: error("Rating is required"),
  COMMENT_REQUIRED: error("Comment is required"),
  COMMENT_TOO_SHORT: error("Comment must be at least 6 characters."),
  RATING_NOT_AVAILABLE: error("You can rate a service once it is completed.", 409),
  ALREADY_RATED: error("You have already rated this service.", 409),
  ORDER_NOT_CANCELLABLE: error("This service can no longer be cancelled.", 409),
  // Checkout completion, gift cards, membership, reminders, job offers (docs/api-checkout.md).
  GIFT_CARD_INVALID: error("This gift card code is not valid or has already been used.", 404),
  ERROR_SUBSCRIPTION_NOT_MEMBER: error("You're not a beauty member.", 404),
  ORDER_PLACED: success("Your booking is confirmed. We'll text you when your pro accepts."),
  GIFT_CARD_PURCHASED: success("Your gift card is on its way."),
  GIFT_CARD_REDEEMED: success("Your gift card was added to your account credit."),
  MEMBERSHIP_ACTIVE: success("Welcome! You're now a beauty member."),
  MEMBERSHIP_CANCELLED: success("Your beauty membership was cancelled."),
  REMINDER_SCHEDULED: success("We'll text you a reminder."),
  JOB_ACCEPTED: success("Job accepted. It's on your calendar."),

  // Vendors
  FAILED_VENDOR_JOB_ACCEPT: error("Sorry, this job is no longer available.", 409),
  FAILED_VENDOR_JOB_ACCEPT2: error("To change this job, please ask for a reschedule and give a valid reason.", 409),
  FAILED_VENDOR_RESCHEDULE: error("Please get the customer's consent before rescheduling.", 409),
  FAILED_VENDOR_SCHEDULE_ACCEPT: error("This request is no longer available.", 409),
  FAILED_VENDOR_SCHEDULE_DECLINED: error("This request is no longer available.", 409),
  FAILED_VENDOR_JOB_COMPLETION: error("This job cannot be completed at this time.", 409),
  COMPLETE_JOB_ERROR: error("Please check all checklist items before completing the job.", 422),
  RELIABILITY_TOO_LOW: error("Your Reliability Level is not high enough to enable this feature.", 403),
  MESSAGE_FAILED: error("Your message could not be sent. Please refresh the page and try again.", 502),
  TIME_OFF_OVERLAPS_JOB: error(
    "You have a booked job in that time. Reschedule the job first, then add the time off.",
    409,
  ),
  LIVE_UPGRADE_REQUIRED: error("This address only accepts a WebSocket connection.", 426),
  SCHEDULE_CONFIRMED: success("Thanks! The client knows you'll be there."),
  SCHEDULE_DECLINED: success("The job was given back and offered to other pros."),
  OFFER_DECLINED: success("Offer declined."),
  TIME_OFF_SAVED: success("Time off saved."),
  TIME_OFF_DELETED: success("Time off deleted."),

  // Successes (display "0")
  LOGIN_SUCCESS: success("Welcome back!"),
  SIGNUP_SUCCESS: success("Your account is ready. Welcome!"),
  CODE_SENT: success("We sent a validation code to your phone."),
  PASSWORD_RESET: success("Your password was changed. You are now logged in."),
  SAVED: success("Saved."),
  LOGGED_OUT: success("You have been logged out."),
  TIP_SUCCESS: success("Thank you! Your tip is on its way to your professional."),
  CHARGE_SUCCESS: success("Thank you! Your payment was received."),
  RATING_SUBMITTED: success("Thank you for your feedback!"),
  ORDER_CANCELLED: success("Your service was cancelled."),
  RESCHEDULE_REQUESTED: success("We asked your professional to confirm the new time. We'll text you their answer."),
  RESCHEDULE_ACCEPTED: success("The new time is confirmed. We let your client know."),
  RESCHEDULE_DECLINED: success("You declined the new time. We let your client know."),
  MESSAGE_SENT: success("Your message was sent. Replies come to you by text message."),
  VENDOR_EXCLUDED: success("We won't match you with this professional again."),
} as const satisfies Record<string, CatalogueEntry>;

export type MessageCode = keyof typeof catalogue;

export function messageFor(code: MessageCode): string {
  return catalogue[code].text;
}

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(catalogue, code);
}

/** The error body every failing API call answers with. */
export interface ApiErrorBody {
  error: { code: MessageCode; message: string; fields?: Record<string, string> };
}
