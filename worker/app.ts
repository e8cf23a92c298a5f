import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { catalogue } from "../domain/messages";
import type { ShellData } from "../schema/payloads/shell";
import { accountsApi } from "./api/accounts";
import { adminApi } from "./api/admin";
import { availabilityApi } from "./api/availability";
import { cartApi } from "./api/cart";
import { checkoutApi } from "./api/checkout";
import { paymentLinksApi } from "./api/checkout-links";
import { smsReminderApi } from "./api/checkout-reminders";
import { catalogueApi, testimonialsApi, userServicesApi } from "./api/catalogue";
import { connectAdminApi } from "./api/connect-admin";
import { giftCardsApi } from "./api/gift-cards";
import { mediaApp } from "./api/media";
import { membershipApi } from "./api/membership";
import { ordersApi, scheduledOrdersApi } from "./api/orders";
import { vendorRescheduleApi } from "./api/orders-vendor";
import { paymentMethodsApi } from "./api/payment-methods";
import { paymentsLocalApi } from "./api/payments-local";
import { placesApi } from "./api/places";
import { profileApi } from "./api/profile";
import { securePayApi } from "./api/secure-pay";
import { shellApi, shellDataOrFallback } from "./api/shell";
import { smsVendorApi } from "./api/sms-vendor";
import { stripeWebhookApi } from "./api/stripe-webhook";
import { uploadsApp } from "./api/uploads";
import { vendorApi } from "./api/vendor";
import { calendarFeedApi, vendorDashboardApi } from "./api/vendor-dashboard";
import { vendorJobsApi } from "./api/vendor-jobs";
import { vendorLiveApi, vendorTimeOffApi } from "./api/vendor-live";
import { vendorsDirectoryApi } from "./api/vendors-directory";
import { toProfile } from "./auth/profile";
import { AppError } from "./http/errors";
import type { AppEnv } from "./http/types";
import { clock, realClock, type RequestClock } from "./middleware/clock";
import { csrf } from "./middleware/csrf";
import { rateLimit } from "./middleware/rate-limit";
import { pageSession, session } from "./middleware/session";

/** Renders a page with the shell data as TanStack Start request context (worker/index.ts supplies it). */
export type RenderPage = (request: Request, shell: ShellData) => Promise<Response>;

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
    .route("/account/user", profileApi)
    .route("/shell", shellApi)
    .route("/vendor/me", vendorApi)
    .route("/vendor/me", vendorRescheduleApi)
    .route("/admin", adminApi)
    .route("/connect/admin", connectAdminApi)
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
    .route("/sms", smsReminderApi)
    .route("/", giftCardsApi)
    .route("/subscriptions", membershipApi)
    .route("/vendor/me", vendorJobsApi)
    .route("/vendor/me", vendorLiveApi)
    .route("/vendor/me", vendorTimeOffApi)
    .route("/vendor/me", vendorDashboardApi)
    .route("/calendar", calendarFeedApi);

  const app = new Hono<AppEnv>();
  app.use("*", clock(opts.clock ?? realClock), csrf);
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
      return render(c.req.raw, shell);
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
