/**
 * The message catalogue (docs/product.md section 8). Every code the API answers with lives here, with the text the
 * user sees. Quoted texts are verbatim from the spec; the rest were written for this product
 * (docs/decisions/002-message-catalogue.md).
 *
 * `display` is the catalogue's display-type flag: "1" shows as an alert the user must dismiss (errors),
 * "0" as a passing notice (successes, auto-dismissed after 8 s).
 */
import { GENERAL_EXCEPTION_TEXT, NOT_FOUND_TEXT } from "./messages-fallback";

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
  EMAIL_NOT_VERIFIED: error(
    "An account already uses this email. Log in with your phone and confirm your email in Settings, then you can use Google.",
    409,
  ),
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
  GOOGLE_PERMISSION_ERROR: error("Google sign-in is not available right now. Please log in with your phone.", 404),
  FORBIDDEN: error("You don't have access to this page.", 403),
  NOT_FOUND: error(NOT_FOUND_TEXT, 404),
  VENDOR_GONE: error("This professional no longer works with us.", 410),
  INVALID_INPUT: error("Some of the information you entered is not valid. Please check it and try again."),
  PASSWORD_TOO_WEAK: error("Please choose a password of at least 8 characters."),
  GENERAL_EXCEPTION: error(GENERAL_EXCEPTION_TEXT, 500),

  // Files
  FILE_FORMAT_NOT_ALLOWED: error("That file type is not supported. Please upload a JPG, PNG or WebP image.", 415),
  FILE_TOO_LARGE: error("That file is too large. Please upload an image under 5 MB.", 413),
  PHOTO_TOO_LARGE: error("That photo is too large. Please upload a photo under 10 MB.", 413),
  PICTURE_TOO_MANY_PIXELS: error(
    "That picture is too large. Please upload one of at most 2048 x 2048 pixels (4 megapixels).",
    413,
  ),
  REQUEST_TOO_LARGE: error("That request is too large. Please shorten what you entered and try again.", 413),
  FILE_DUPLICATE: error("You uploaded this picture recently. Please choose another one.", 409),
  FILE_LOW_QUALITY: error("That picture is too dark, blurry or plain. Please choose a clearer one.", 422),
  NO_FACE_DETECTED: error("Your profile photo does not meet our requirements. Please use a clear photo of your face."),
  ERROR_LIMIT_UPLOADS: error("You have reached the maximum number of pictures.", 429),

  // Location and catalogue
  INVALID_ADDRESS: error("Invalid location, please enter a 5 digit zip code within the continental US."),
  ADDRESS_NOT_IN_CART_ZIP: error("This address is not in the ZIP code your cart was priced for."),
  MAPS_UNAVAILABLE: error("Address search is unavailable right now. Please enter your 5 digit ZIP code.", 503),
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
  // Pay, payouts and client subscriptions (docs/decisions/070-074).
  VSUBSCRIPTION_UNAVAILABLE_SCHEDULE: error(
    "You are not available at one of the recurring times. Please choose another time or day.",
    409,
  ),
  VSUBSCRIPTION_PRICE_CHANGE_PENDING: error("Your client has not approved the last price change yet.", 409),
  PAYOUT_ACCOUNT_REQUIRED: error("Set up your payout account first.", 409),
  PAYOUT_NOTHING_AVAILABLE: error("There is no available balance to pay out right now.", 409),
  PAYOUTS_PAUSED: error("Payouts are paused on this account. Please contact support.", 403),
  INSTANT_PAYOUT_NOT_ENABLED: error("Turn on instant payouts first: they cost a small fee per payout.", 409),
  PAYOUT_FAILED: error("The payout could not be made. Your balance is unchanged; please try again later.", 502),
  REDEMPTION_PRODUCT_UNAVAILABLE: error("This product is not available.", 404),
  // Payments (docs/decisions/031-payments.md). Card texts are the processor's own wording, shown beneath the
  // card field; CARD_INCOMPLETE is verbatim from docs/product.md section 5 "Card form".
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
  PAYMENT_AUTH_LINK_INVALID: error("This link is not valid. Please open the latest link we texted you.", 404),
  PAYMENT_AUTH_LINK_EXPIRED: error(
    "This link has expired. Please contact your pro or our support team to arrange the payment.",
    410,
  ),
  PAYMENT_AUTHENTICATED: success("Thank you! Your bank approved the payment."),
  PAYMENT_NOT_REFUNDABLE: error("This payment can't be refunded for that amount.", 409),
  PAYMENT_STATE_CHANGED: error("This payment was already completed or cancelled. Please refresh the page.", 409),
  PAYMENTS_UNAVAILABLE: error("Card payments are unavailable right now. Please try again later or contact us.", 503),
  WEBHOOK_SIGNATURE_INVALID: error("The webhook signature is not valid."),
  // Orders after the booking: tips, secure pay, ratings, cancellation (docs/api-orders.md). The tip and
  // rating texts are verbatim from docs/product.md section 5 where it quotes them.
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
  GIFT_CARD_SCHEDULED: success("Your gift card is paid for. We'll send it to the recipient on the day you chose."),
  GIFT_CARD_REDEEMED: success("Your gift card was added to your account credit."),
  MEMBERSHIP_ACTIVE: success("Welcome! You're now a beauty member."),
  MEMBERSHIP_CANCELLED: success(
    "Your beauty membership is cancelled and will not renew. You keep member prices until the end of the month you've paid for.",
  ),
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
  LIVE_TOO_MANY_SOCKETS: error(
    "Your dashboard is open in too many places. Close it on another screen and try again.",
    429,
  ),
  SCHEDULE_CONFIRMED: success("Thanks! The client knows you'll be there."),
  SCHEDULE_DECLINED: success("The job was given back and offered to other pros."),
  OFFER_DECLINED: success("Offer declined."),
  TIME_OFF_SAVED: success("Time off saved."),
  TIME_OFF_DELETED: success("Time off deleted."),
  // Becoming a pro and running a profile (issue 12, docs/decisions/080-vendor-application.md)
  VENDOR_APPLICATION_MISSING_FIELDS: error("Please fill in every required field of your application."),
  VENDOR_APPLICATION_MISSING_LICENSE: error(
    "The services you chose need a licence. Please upload a picture of your licence and its expiry date.",
  ),
  VENDOR_APPLICATION_INVALID_FILE: error(
    "We couldn't accept that file. Please upload a JPG, PNG or WebP image under 5 MB.",
    415,
  ),
  VENDOR_APPLICATION_CLOSED: error("We're unable to accept a new application from this account.", 403),
  VENDOR_APPLICATION_PENDING: error("Your application is already being reviewed. We'll text you the outcome.", 409),
  VENDOR_ALREADY_EXISTS: error("You already have a business account. Sign in to your business area.", 409),
  APPLICATION_ALREADY_REVIEWED: error("This application has already been reviewed.", 409),
  SERVICE_RANGE_ERROR: error(
    "That service area is too similar to your current one or is not a valid location. Please enter a 5 digit zip code within the continental US and a different radius.",
  ),
  OPTION_GROUPS_LIMIT: error("A service can have at most 11 option groups."),
  OPTIONS_PER_GROUP_LIMIT: error("An option group can have at most 10 choices."),
  OPTION_CHOICE_REQUIRED: error("Every option group needs at least one choice."),
  OPTION_FIELDS_REQUIRED: error("Please fill in every option field."),
  LICENSE_REQUIRED: error("This service needs a valid licence. Upload your licence under Licences first.", 409),
  SERVICE_NOT_APPROVED: error("You're not approved for this service yet. You can ask us to add it.", 403),
  SERVICE_REQUEST_EXISTS: error("You already asked us to add this service.", 409),
  VENDOR_TERMINATED: error(
    "This business account is closed. You can still see your pay history and statements. Please contact support.",
    403,
  ),
  VENDOR_ACCOUNT_INACTIVE: error(
    "Your business account is deactivated, so this isn't available. You can ask us to reactivate it from your profile.",
    403,
  ),
  VENDOR_SOFT_BANNED: error(
    "Your account is on hold for new work, so this isn't available. Please contact support.",
    403,
  ),
  VENDOR_APPLICANT_NOT_APPROVED: error(
    "Your application is still under review, so the business area isn't open yet.",
    403,
  ),
  VENDOR_ACTION_UNCLASSIFIED: error("This business action isn't available. Please contact support.", 403),
  VENDOR_REACTIVATION_PENDING: error(
    "You already asked us to reactivate your account. Our team will contact you.",
    409,
  ),
  AGREEMENT_VERSION_CHANGED: error("The agreement was updated. Please download and read the new version.", 409),
  FORUM_NOT_CONFIGURED: error("The community forum is not available right now.", 404),

  // Successes (display "0")
  LOGIN_SUCCESS: success("Welcome back!"),
  VENDOR_REACTIVATION_REQUESTED: success("Thanks. Our team will review your account and contact you."),
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
  // Staff area (docs/decisions/091)
  STAFF_ACTION_NOT_ALLOWED: error("This action can't be taken in the current state. Refresh and check it again.", 409),
  PRICE_ADJUST_FAILED: error("The new payout price is outside the allowed range for this job.", 400),
  STAFF_ACTION_DONE: success("Done. The action was recorded in the audit log."),
  CONNECT_REQUEST_RECEIVED: success("Thank you! Our business team will contact you to confirm the details."),
  CONNECT_PRO_NOT_FREE: error("This pro isn't free at that time. The booking stays with its pro.", 409),
  PAYOUT_SENT: success("Your payout is on its way."),
  VSUBSCRIPTION_CREATED: success("Subscription created. We texted your client a link to add their card."),
  VSUBSCRIPTION_UPDATED: success("Saved. We texted your client to approve the new price."),
  VSUBSCRIPTION_CANCELLED: success("The subscription was cancelled."),
  VSUBSCRIPTION_ACTIVE: success("Your subscription is active. Thank you!"),
  REDEMPTION_SUCCESS: success("Product redeemed. It is in your pay."),

  // The job after acceptance (issue 10)
  JOB_PHOTOS_MISSING: error("Please add at least one before and one after picture before completing the job.", 422),
  VIDEO_FORMAT_NOT_ALLOWED: error("Please upload a playable video (MP4, MOV, AVI, WMV, MKV or WEBM).", 415),
  VIDEO_TOO_LARGE: error("That video is too large. Please upload a video under 60 MB.", 413),
  VIDEO_TOO_LONG: error("Please upload a video of at most 60 seconds.", 422),
  CUSTOMER_UNREACHABLE_TOO_EARLY: error("Please wait at least 30 minutes after the expected arrival time.", 409),
  CUSTOMER_UNREACHABLE_FAILED: error("We couldn't record that the customer was unreachable. Please try again.", 409),
  JOB_ACTION_NOT_ALLOWED: error("This can't be done on this job any more.", 409),
  JOB_GIVEN_BACK: error("You gave this job back, so it is no longer yours. We're offering it to other pros.", 410),
  JOB_MOVED_BY_STAFF: error(
    "Our team moved this job to another pro, so it is no longer yours. Your notices say why.",
    410,
  ),
  JOB_PHOTO_SAVED: success("Picture saved."),
  JOB_PHOTO_REMOVED: success("Picture removed."),
  JOB_COMPLETED: success("Job completed. We asked your client to rate the service."),
  JOB_READY_TO_COMPLETE: success("Everything is in place to complete this job."),
  REFUND_ISSUED: success("The refund is on its way to your client."),
  ADD_CHARGE_SUCCESS: success("Your client was charged and got a receipt."),
  ADD_CHARGE_LINK_SENT: success("Your client's card needs their approval: we texted them a payment link."),
  // Added charges need the customer's consent beyond a small policy (docs/decisions/116)
  ADD_CHARGE_NOT_ALLOWED: error(
    "An added charge can be made only once the service has started, and not on a cancelled or suspended job or one that ended more than 30 days ago.",
    409,
  ),
  ADD_CHARGE_APPROVAL_SENT: success(
    "This charge needs your client's approval: we texted them a link to approve or decline it. Nothing is taken until they approve.",
  ),
  ADDED_CHARGE_DECLINED: success("You declined this charge. Nothing was taken and your professional was told."),
  ADDED_CHARGE_DISPUTED: success("Thanks. Our support team will review this charge and get back to you."),
  ADDED_CHARGE_NOT_DISPUTABLE: error("This charge can't be disputed.", 409),
  ADDED_CHARGE_REFUNDED: success("The added charge was refunded to the customer's card."),
  ADDED_CHARGE_NOT_REFUNDABLE: error(
    "This added charge can't be refunded: it was not paid or was refunded already.",
    409,
  ),
  CUSTOMER_UNREACHABLE_RECORDED: success("Thanks for waiting. We closed the job and told your client."),
  CONTACT_INFO_SENT: success("We texted you a way to reach your client."),
  // A pro's reschedule proposal (docs/decisions/066)
  RESCHEDULE_PROPOSED: success("We asked your client to confirm the new time. We'll let you know their answer."),
  RESCHEDULE_APPROVED: success("Your appointment is moved to the new time. We let your professional know."),
  RESCHEDULE_REFUSED: success("You kept your time. We let your professional know."),
  RESCHEDULE_PROPOSAL_GONE: error("This new time is no longer available. Your appointment keeps its time.", 409),

  // Staff charges and job suspensions (issue 13, docs/decisions/097, 098)
  STAFF_CHARGE_OUT_OF_LIMITS: error("This charge is outside the allowed amounts for this job.", 400),
  STAFF_CHARGE_SUCCESS: success("The customer was charged and got a receipt."),
  STAFF_CHARGE_LINK_SENT: success("The customer's card needs their approval: we texted them a payment link."),
  STAFF_CHARGE_PENDING: success("This charge is already being made. Refresh in a minute to see how it went."),
  EXCEPTION_REQUESTED: success("Thanks. Our team will review your request and text you the answer."),
  EXCEPTION_NOT_ALLOWED: error("An exception can't be asked for this job.", 409),
  EXCEPTION_ALREADY_REQUESTED: error("You already asked for an exception for this job.", 409),
  RESCHEDULE_FEE_NOT_WAIVED: error(
    "A reschedule with a fee must go through a suspension first: suspend the job with the fee, then reschedule it.",
    409,
  ),
  // Business (connect) jobs and their invoices (docs/decisions/087)
  CONNECT_SCHEDULED: success("The business booking is on your calendar."),
  CONNECT_INVOICE_SENT: success("The invoice link was sent to the business."),

  // A reschedule that changes the appointment's length (docs/decisions/067)
  RESCHEDULE_PAYMENT_DUE: success(
    "Please pay the price difference: we send your request to your professional once it's paid.",
  ),
  RESCHEDULE_DIFFERENCE_PAID: success(
    "We charged the price difference and asked your professional to confirm. We'll text you their answer.",
  ),
  RESCHEDULE_PAYMENT_GONE: error("This reschedule request is no longer open. Please pick a new time again.", 409),
  RESCHEDULE_NO_SAVED_CARD: error("Please add a card to your wallet to pay the price difference.", 402),

  // Card disputes (docs/decisions/148-disputes.md)
  DISPUTE_EVIDENCE_SUBMITTED: success("The evidence was sent to the bank. We'll see the decision here."),
  DISPUTE_NOT_OPEN: error("This dispute no longer takes evidence: it was answered or decided already.", 409),
  // The visit as it happens (docs/decisions/151-on-the-way-and-arrived.md)
  VISIT_STEP_OUT_OF_ORDER: error("Please mark the earlier step first: on my way, then arrived, then start.", 409),
  VISIT_TOO_EARLY: error("It's too early to head out for this appointment.", 409),
  VISIT_JOB_CLOSED: error("This appointment is no longer open.", 409),
  VISIT_NOT_ON_THE_WAY: error("Your location is shared only while you're on the way.", 409),
  VISIT_STEP_SAVED: success("Your client can see it now."),
  // Book again and favourite pros (docs/decisions/153)
  BOOK_AGAIN_NOT_COMPLETED: error("You can book again once this visit is done.", 409),
  BOOK_AGAIN_PRO_INACTIVE: error("This pro isn't taking bookings right now. Book the service with another pro.", 409),
  BOOK_AGAIN_SERVICE_GONE: error("This pro no longer offers this service. Book it with another pro.", 409),
  FAVOURITES_LIMIT: error("You can keep up to 20 favourite pros. Remove one to add another.", 409),
  FAVOURITE_PRO_INACTIVE: error("This pro isn't taking bookings right now, so they can't be added.", 409),
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
