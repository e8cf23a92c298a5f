import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { catalogue } from "../domain/messages";
import type { ShellData } from "../schema/payloads/shell";
import { accountsApi } from "./api/auth/accounts";
import { adminApi } from "./api/admin/outbox";
import { adminApplicationsReviewApi } from "./api/admin/applications";
import { adminAuditApi } from "./api/admin/audit";
import { adminCustomersApi } from "./api/admin/customers";
import { adminPayoutsApi } from "./api/admin/payouts";
import { adminRatingsApi } from "./api/admin/ratings";
import { adminVendorReviewsApi } from "./api/admin/reviews";
import { adminVendorsApi } from "./api/admin/vendors";
import { adminChargesApi } from "./api/admin/charges";
import { adminJobsApi } from "./api/admin/jobs";
import { adminExceptionsApi } from "./api/admin/exceptions";
import { vendorExceptionsApi } from "./api/vendor/me/exceptions";
import { connectAdminTipsApi } from "./api/connect/admin/tips";
import { availabilityApi } from "./api/booking/availability";
import { cartApi } from "./api/booking/cart";
import { checkoutApi } from "./api/checkout/checkout";
import { paymentLinksApi } from "./api/checkout/links";
import { smsReminderApi } from "./api/sms/reminder";
import { catalogueApi, testimonialsApi, userServicesApi } from "./api/booking/catalogue";
import { connectAdminApi } from "./api/connect/admin/overview";
import { emailVerificationApi } from "./api/account/email-verification";
import { connectAdminRequestsApi } from "./api/connect/admin/requests";
import { connectRequestsApi } from "./api/connect/requests";
import { vendorConnectApi } from "./api/vendor/me/connect-requests";
import { giftCardsApi } from "./api/checkout/gift";
import { mediaApp } from "./api/media";
import { membershipApi } from "./api/subscriptions";
import { ordersApi, scheduledOrdersApi } from "./api/order/orders";
import { vendorRescheduleApi } from "./api/vendor/me/reschedule";
import { paymentMethodsApi } from "./api/stripe/payment-methods";
import { paymentsLocalApi } from "./api/payments/local";
import { placesApi } from "./api/checkout/address";
import { profileApi } from "./api/account/profile";
import { securePayApi } from "./api/pay";
import { shellApi, shellDataOrFallback } from "./api/shell";
import { smsVendorApi } from "./api/sms/vendor";
import { stripeWebhookApi } from "./api/stripe/webhook";
import { uploadsApp } from "./api/uploads";
import { vendorApi } from "./api/vendor/me/notification";
import { calendarFeedApi, vendorDashboardApi } from "./api/vendor/me/dashboard";
import { vendorJobsApi } from "./api/vendor/me/jobs";
import { vendorLiveApi, vendorTimeOffApi } from "./api/vendor/me/live";
import { localOnboardingApi, stripeConnectApi, vendorPayApi } from "./api/vendor/me/pay";
import { clientSubscriptionApi, vendorClientSubscriptionApi } from "./api/vendor/me/client-subscriptions";
import { redemptionApi } from "./api/vendor/me/redemptions";
import { vendorJobActionsApi } from "./api/vendor/me/job-actions";
import { vendorJobPhotosApi } from "./api/vendor/me/job-photos";
import { smsCustomerApi } from "./api/sms/customer";
import { vendorsDirectoryApi } from "./api/booking/vendors";
import { adminApplicationsApi } from "./api/admin-applications";
import { vendorApplicationApi } from "./api/vendor/application";
import { vendorExtrasApi } from "./api/vendor/me/extras";
import { vendorProfileApi } from "./api/vendor/me/profile";
import { vendorServicesApi } from "./api/services";
import { toProfile } from "./auth/profile";
import { AppError } from "./http/errors";
import { pageApiFor, type PageApi } from "./http/page-api";
import type { AppEnv } from "./http/types";
import { bodyLimit } from "./middleware/body-limit";
import { clock, realClock, type RequestClock } from "./middleware/clock";
import { csrf } from "./middleware/csrf";
import { rateLimit } from "./middleware/rate-limit";
import { pageSession, session } from "./middleware/session";
import { withRuntime } from "./runtime";
import { BASE_HEADERS, newNonce, pageCsp, UPLOAD_HEADERS, withHeaders } from "./http/security-headers";

/**
 * Renders a page with the shell data as TanStack Start request context (worker/index.ts supplies it), with
 * the render's CSP nonce for the router to stamp on its scripts (worker/http/security-headers.ts) and the
 * in-process API its route loaders read the page's data through (web/lib/page-data.tsx).
 */
export type RenderPage = (
  request: Request,
  shell: ShellData,
  render: { nonce: string; pageApi: PageApi },
) => Promise<Response>;

/** Sign-in, signup and code endpoints: a per-IP ceiling on top of the per-account and per-phone rules. */
const authLimit = rateLimit({ name: "auth", limit: 30, windowMs: 60_000 });

function errorResponse(code: keyof typeof catalogue, status?: number): Response {
  const entry = catalogue[code];
  return Response.json({ error: { code, message: entry.text } }, { status: status ?? entry.status });
}

export interface AppOptions {
  /** Renders pages (worker/index.ts); without it only /api and /media are served. */
  renderPage?: RenderPage;
  /** The request clock: the real time unless the test entry injects its own. */
  clock?: RequestClock;
  /** Report CSP violations instead of blocking (vite dev injects its own scripts). */
  cspReportOnly?: boolean;
}

export function createApp(opts: AppOptions = {}) {
  const api = new Hono<AppEnv>()
    .use("/accounts", authLimit)
    .use("/validateOtp", authLimit)
    .use("/login", authLimit)
    .use("/resetPassword/*", authLimit)
    .use("/resetPassword", authLimit)
    .use("/auth/*", authLimit)
    .route("/", accountsApi)
    .route("/account/user/email", emailVerificationApi)
    .route("/account/user", profileApi)
    .route("/shell", shellApi)
    .route("/vendor/me", vendorApi)
    .route("/vendor/me", vendorRescheduleApi)
    .route("/admin", adminApi)
    .route("/admin/vendors", adminVendorsApi)
    .route("/admin/applications", adminApplicationsReviewApi)
    .route("/admin/reviews", adminVendorReviewsApi)
    .route("/admin/ratings", adminRatingsApi)
    .route("/admin/customers", adminCustomersApi)
    .route("/admin/audit", adminAuditApi)
    .route("/admin/payouts", adminPayoutsApi)
    .route("/admin/charges", adminChargesApi)
    .route("/admin/jobs", adminJobsApi)
    .route("/admin/exceptions", adminExceptionsApi)
    .route("/vendor/me", vendorExceptionsApi)
    .route("/connect/admin/tips", connectAdminTipsApi)
    .route("/connect/admin", connectAdminApi)
    .route("/connect/admin/requests", connectAdminRequestsApi)
    .route("/connect", connectRequestsApi)
    .route("/vendor/me", vendorConnectApi)
    .route("/", placesApi)
    .route("/booking", catalogueApi)
    .route("/booking", vendorsDirectoryApi)
    .route("/booking", availabilityApi)
    .route("/booking", cartApi)
    .route("/users/me", userServicesApi)
    .route("/", testimonialsApi)
    .route("/orders", scheduledOrdersApi)
    .route("/order", ordersApi)
    .route("/sms", smsVendorApi)
    .route("/pay", securePayApi)
    .route("/stripe", stripeWebhookApi)
    .route("/payments/local", paymentsLocalApi)
    .route("/", paymentMethodsApi)
    .route("/checkout", checkoutApi)
    .route("/checkout", paymentLinksApi)
    .route("/vendor", vendorPayApi)
    .route("/stripe", stripeConnectApi)
    .route("/payments/local", localOnboardingApi)
    .route("/vendor/me", vendorClientSubscriptionApi)
    .route("/vendor/me", redemptionApi)
    .route("/client-subscription", clientSubscriptionApi)
    .route("/sms", smsReminderApi)
    .route("/", giftCardsApi)
    .route("/subscriptions", membershipApi)
    .route("/vendor/me", vendorJobsApi)
    .route("/vendor/me", vendorLiveApi)
    .route("/vendor/me", vendorTimeOffApi)
    .route("/vendor", vendorApplicationApi)
    .route("/vendor/me", vendorProfileApi)
    .route("/vendor/me", vendorExtrasApi)
    .route("/", vendorServicesApi)
    .route("/admin/applications", adminApplicationsApi)
    .route("/vendor/me", vendorJobActionsApi)
    .route("/vendor/me", vendorJobPhotosApi)
    .route("/sms", smsCustomerApi)
    .route("/vendor/me", vendorDashboardApi)
    .route("/calendar", calendarFeedApi);

  const app = new Hono<AppEnv>();
  // Each request sees the env with its runtime (worker/runtime.ts): local adapters refuse deployed hosts.
  app.use("*", async (c, next) => {
    c.env = withRuntime(c.env, c.req.url);
    await next();
  });
  // Safe defaults on every answer; user uploads are inert files (never a page or a script).
  app.use("*", async (c, next) => {
    await next();
    if (c.res.status === 101) return; // a WebSocket handshake: its response must stay the one the object made
    const media = c.req.path.startsWith("/media/");
    c.res = withHeaders(c.res, media ? UPLOAD_HEADERS : BASE_HEADERS);
  });
  app.use("*", bodyLimit, clock(opts.clock ?? realClock), csrf);
  app.use("/api/*", session);
  app.route("/api", api);
  app.route("/media", uploadsApp);
  app.route("/media", mediaApp);
  app.all("/api/*", () => errorResponse("NOT_FOUND"));

  if (opts.renderPage) {
    const render = opts.renderPage;
    app.use("*", pageSession);
    app.all("*", async (c) => {
      const viewer = c.get("viewer");
      const shell = await shellDataOrFallback(c.env, c.get("db"), viewer ? toProfile(viewer) : null);
      // The request the renderer sees carries no client-sent nonce: it gets one only through `nonce`.
      const nonce = newNonce();
      const res = await render(c.req.raw, shell, { nonce, pageApi: pageApiFor(c, app) });
      const cspHeader = opts.cspReportOnly ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
      const turnstile = shell.botcheck?.provider === "turnstile";
      return withHeaders(res, { ...BASE_HEADERS, [cspHeader]: pageCsp(nonce, { turnstile }) });
    });
  }

  app.notFound(() => errorResponse("NOT_FOUND"));
  app.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413 ? "FILE_TOO_LARGE" : err.status === 404 ? "NOT_FOUND" : "INVALID_INPUT";
      return errorResponse(code, err.status);
    }
    console.error(
      JSON.stringify({
        at: "onError",
        method: c.req.method,
        path: c.req.path,
        error: String(err),
        stack: err instanceof Error ? err.stack : undefined,
      }),
    );
    return errorResponse("GENERAL_EXCEPTION");
  });
  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
