import { hc } from "hono/client";
import type {
  AccountApi,
  AccountsApi,
  AdminApi,
  AuthApi,
  BookingApi,
  CheckoutApi,
  ClientSubscriptionApi,
  ConnectApi,
  GiftcardApi,
  GoogleApi,
  LoginApi,
  LogoutApi,
  OrderApi,
  OrdersApi,
  PayApi,
  PaymentsApi,
  ResetPasswordApi,
  ServiceApi,
  ServicesApi,
  ShellApi,
  SmsApi,
  StripeApi,
  SubscriptionsApi,
  Testimonials2Api,
  TestimonialsApi,
  UsersApi,
  ValidateOtpApi,
  VendorApi,
} from "../../worker/api/types";

/**
 * One typed `hc` client per area of the API (docs/decisions/139-typed-routes-and-clients.md), each typed by
 * its routes only (worker/api/types.ts), so a page's call checks against the handler and the compiler never
 * expands the whole API. Send through `call` (web/lib/api-client.ts), which adds the `{ data }` unwrap,
 * ApiError, the GET timeout, same-origin credentials and the server render's in-process `via`:
 * `call((o) => bookingClient.search.$get({ query: { zipCode, searchTerm } }, o), { signal, via })`.
 * Each client is a small proxy marked pure, so a page bundles only the ones it uses.
 */
export const accountsClient = /* @__PURE__ */ hc<AccountsApi>("/api/accounts");
export const validateOtpClient = /* @__PURE__ */ hc<ValidateOtpApi>("/api/validateOtp");
export const loginClient = /* @__PURE__ */ hc<LoginApi>("/api/login");
export const logoutClient = /* @__PURE__ */ hc<LogoutApi>("/api/logout");
export const resetPasswordClient = /* @__PURE__ */ hc<ResetPasswordApi>("/api/resetPassword");
export const authClient = /* @__PURE__ */ hc<AuthApi>("/api/auth");
export const accountClient = /* @__PURE__ */ hc<AccountApi>("/api/account");
export const shellClient = /* @__PURE__ */ hc<ShellApi>("/api/shell");
export const adminClient = /* @__PURE__ */ hc<AdminApi>("/api/admin");
export const vendorClient = /* @__PURE__ */ hc<VendorApi>("/api/vendor");
export const connectClient = /* @__PURE__ */ hc<ConnectApi>("/api/connect");
export const bookingClient = /* @__PURE__ */ hc<BookingApi>("/api/booking");
export const usersClient = /* @__PURE__ */ hc<UsersApi>("/api/users");
export const testimonialsClient = /* @__PURE__ */ hc<TestimonialsApi>("/api/testimonials");
export const testimonials2Client = /* @__PURE__ */ hc<Testimonials2Api>("/api/testimonials2");
export const googleClient = /* @__PURE__ */ hc<GoogleApi>("/api/google");
export const ordersClient = /* @__PURE__ */ hc<OrdersApi>("/api/orders");
export const orderClient = /* @__PURE__ */ hc<OrderApi>("/api/order");
export const smsClient = /* @__PURE__ */ hc<SmsApi>("/api/sms");
export const payClient = /* @__PURE__ */ hc<PayApi>("/api/pay");
export const stripeClient = /* @__PURE__ */ hc<StripeApi>("/api/stripe");
export const paymentsClient = /* @__PURE__ */ hc<PaymentsApi>("/api/payments");
export const checkoutClient = /* @__PURE__ */ hc<CheckoutApi>("/api/checkout");
export const clientSubscriptionClient = /* @__PURE__ */ hc<ClientSubscriptionApi>("/api/client-subscription");
export const giftcardClient = /* @__PURE__ */ hc<GiftcardApi>("/api/giftcard");
export const subscriptionsClient = /* @__PURE__ */ hc<SubscriptionsApi>("/api/subscriptions");
export const servicesClient = /* @__PURE__ */ hc<ServicesApi>("/api/services");
export const serviceClient = /* @__PURE__ */ hc<ServiceApi>("/api/service");
