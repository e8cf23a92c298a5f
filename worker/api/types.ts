/**
 * The route types of the API, one per mount of worker/app.ts (docs/decisions/139-typed-routes-and-clients.md).
 * The web imports them type-only and builds one `hc` client per area (web/lib/api-clients.ts), so a page's
 * request and answer types are the handler's, checked by the compiler. One type per area keeps each client's
 * type small: the compiler never expands the whole API at once.
 */
import type { accountRoutes } from "./account/routes";
import type { adminRoutes } from "./admin/routes";
import type { authAreas } from "./auth/routes";
import type { bookingRoutes } from "./booking/routes";
import type { calendarFeedApi } from "./calendar";
import type { checkoutRoutes } from "./checkout/routes";
import type { clientSubscriptionApi } from "./client-subscription";
import type { connectRoutes } from "./connect/routes";
import type { giftcardApi } from "./giftcard";
import type { googleApi } from "./google";
import type { orderRoutes, ordersRoutes } from "./order/routes";
import type { securePayApi } from "./pay";
import type { paymentsRoutes } from "./payments/routes";
import type { serviceApi, servicesApi } from "./services";
import type { shellApi } from "./shell";
import type { smsRoutes } from "./sms/routes";
import type { stripeRoutes } from "./stripe/routes";
import type { membershipApi } from "./subscriptions";
import type { testimonials2Api, testimonialsApi } from "./testimonials";
import type { usersRoutes } from "./users/routes";
import type { vendorRoutes } from "./vendor/routes";

/** /api/accounts */
export type AccountsApi = (typeof authAreas)["/accounts"];
/** /api/validateOtp */
export type ValidateOtpApi = (typeof authAreas)["/validateOtp"];
/** /api/login */
export type LoginApi = (typeof authAreas)["/login"];
/** /api/logout */
export type LogoutApi = (typeof authAreas)["/logout"];
/** /api/resetPassword */
export type ResetPasswordApi = (typeof authAreas)["/resetPassword"];
/** /api/auth */
export type AuthApi = (typeof authAreas)["/auth"];
/** /api/account */
export type AccountApi = typeof accountRoutes;
/** /api/shell */
export type ShellApi = typeof shellApi;
/** /api/admin */
export type AdminApi = typeof adminRoutes;
/** /api/vendor */
export type VendorApi = typeof vendorRoutes;
/** /api/connect */
export type ConnectApi = typeof connectRoutes;
/** /api/booking */
export type BookingApi = typeof bookingRoutes;
/** /api/users */
export type UsersApi = typeof usersRoutes;
/** /api/testimonials */
export type TestimonialsApi = typeof testimonialsApi;
/** /api/testimonials2 */
export type Testimonials2Api = typeof testimonials2Api;
/** /api/google */
export type GoogleApi = typeof googleApi;
/** /api/orders */
export type OrdersApi = typeof ordersRoutes;
/** /api/order */
export type OrderApi = typeof orderRoutes;
/** /api/sms */
export type SmsApi = typeof smsRoutes;
/** /api/pay */
export type PayApi = typeof securePayApi;
/** /api/stripe */
export type StripeApi = typeof stripeRoutes;
/** /api/payments */
export type PaymentsApi = typeof paymentsRoutes;
/** /api/checkout */
export type CheckoutApi = typeof checkoutRoutes;
/** /api/client-subscription */
export type ClientSubscriptionApi = typeof clientSubscriptionApi;
/** /api/giftcard */
export type GiftcardApi = typeof giftcardApi;
/** /api/subscriptions */
export type SubscriptionsApi = typeof membershipApi;
/** /api/services */
export type ServicesApi = typeof servicesApi;
/** /api/service */
export type ServiceApi = typeof serviceApi;
/** /api/calendar */
export type CalendarApi = typeof calendarFeedApi;
