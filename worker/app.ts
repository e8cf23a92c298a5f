import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { catalogue } from "../domain/messages";
import type { ShellData } from "../schema/payloads/shell";
import { accountRoutes } from "./api/account/routes";
import { adminRoutes } from "./api/admin/routes";
import { authAreas } from "./api/auth/routes";
import { bookingRoutes } from "./api/booking/routes";
import { calendarFeedApi } from "./api/calendar";
import { checkoutRoutes } from "./api/checkout/routes";
import { clientSubscriptionApi } from "./api/client-subscription";
import { connectRoutes } from "./api/connect/routes";
import { giftcardApi } from "./api/giftcard";
import { googleApi } from "./api/google";
import { orderRoutes, ordersRoutes } from "./api/order/routes";
import { securePayApi } from "./api/pay";
import { paymentsRoutes } from "./api/payments/routes";
import { serviceApi, servicesApi } from "./api/services";
import { shellApi, shellDataOrFallback } from "./api/shell";
import { smsRoutes } from "./api/sms/routes";
import { stripeRoutes } from "./api/stripe/routes";
import { membershipApi } from "./api/subscriptions";
import { testimonials2Api, testimonialsApi } from "./api/testimonials";
import { usersRoutes } from "./api/users/routes";
import { vendorRoutes } from "./api/vendor/routes";
import { toProfile } from "./auth/profile";
import { AppError } from "./http/errors";
import { pageApiFor, type PageApi } from "./http/page-api";
import type { AppEnv } from "./http/types";
import { bodyLimit } from "./middleware/body-limit";
import { vendorAccount } from "./middleware/vendor-account";
import { clock, realClock, type RequestClock } from "./middleware/clock";
import { csrf } from "./middleware/csrf";
import { rateLimit } from "./middleware/rate-limit";
import { pageSession, session } from "./middleware/session";
import { mediaRoutes } from "./media/routes";
import { withRuntime } from "./runtime";
import { robotsTxt, SEO_FILE_CACHE, seoOrigin, sitemapFile } from "./seo/files";
import { SITEMAP_LIMITS } from "../domain/sitemap";
import { BASE_HEADERS, cachingHeaders, newNonce, pageCsp, UPLOAD_HEADERS, withHeaders } from "./http/security-headers";

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
  /** The sitemap's per-file limits: the protocol's unless the test entry lowers them for a request. */
  sitemapLimits?: (req: Request) => { urls: number; bytes: number };
}

export function createApp(opts: AppOptions = {}) {
  const api = new Hono<AppEnv>()
    .use("/accounts", authLimit)
    .use("/validateOtp", authLimit)
    .use("/login", authLimit)
    // "/resetPassword/*" also matches "/resetPassword" itself: one mount, or each request counts twice.
    .use("/resetPassword/*", authLimit)
    .use("/auth/*", authLimit)
    // One mount per top-level segment of /api, each from the file or folder of that name under worker/api
    // (docs/decisions/109-one-routes-file-per-area.md): an area folder's routes.ts lists its resource files.
    .route("/accounts", authAreas["/accounts"])
    .route("/validateOtp", authAreas["/validateOtp"])
    .route("/login", authAreas["/login"])
    .route("/logout", authAreas["/logout"])
    .route("/resetPassword", authAreas["/resetPassword"])
    .route("/auth", authAreas["/auth"])
    .route("/account", accountRoutes)
    .route("/shell", shellApi)
    .route("/admin", adminRoutes)
    .route("/vendor", vendorRoutes)
    .route("/connect", connectRoutes)
    .route("/booking", bookingRoutes)
    .route("/users", usersRoutes)
    .route("/testimonials", testimonialsApi)
    .route("/testimonials2", testimonials2Api)
    .route("/google", googleApi)
    .route("/orders", ordersRoutes)
    .route("/order", orderRoutes)
    .route("/sms", smsRoutes)
    .route("/pay", securePayApi)
    .route("/stripe", stripeRoutes)
    .route("/payments", paymentsRoutes)
    .route("/checkout", checkoutRoutes)
    .route("/client-subscription", clientSubscriptionApi)
    .route("/giftcard", giftcardApi)
    .route("/subscriptions", membershipApi)
    .route("/services", servicesApi)
    .route("/service", serviceApi)
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
    const caching = cachingHeaders(new URL(c.req.url), c.res, { signedIn: c.get("viewer") != null });
    c.res = withHeaders(c.res, { ...(media ? UPLOAD_HEADERS : BASE_HEADERS), ...caching });
  });
  app.use("*", bodyLimit, clock(opts.clock ?? realClock), csrf);
  app.use("/api/*", session);
  // The pro's account state decides every vendor route, the live socket included (docs/decisions/118).
  app.use("/api/*", vendorAccount);
  app.route("/api", api);
  app.route("/media", mediaRoutes);
  app.all("/api/*", () => errorResponse("NOT_FOUND"));

  // For search engines (docs/decisions/158-sitemap-and-robots.md): public, cached for an hour.
  const seoFile = (body: string, type: string) =>
    new Response(body, { headers: { "Content-Type": type, "Cache-Control": SEO_FILE_CACHE } });
  app.get("/robots.txt", (c) => seoFile(robotsTxt(seoOrigin(c.req.url)), "text/plain; charset=utf-8"));
  app.get("/:file{sitemap(?:-[1-9][0-9]{0,5})?\\.xml}", async (c) => {
    const part = Number(/^sitemap-(\d+)\.xml$/.exec(c.req.param("file"))?.[1] ?? 0);
    const limits = opts.sitemapLimits?.(c.req.raw) ?? SITEMAP_LIMITS;
    // No session: the files are the same for everyone (and cached publicly).
    const xml = await sitemapFile(drizzle(c.env.DB), seoOrigin(c.req.url), part, limits);
    return xml === null ? errorResponse("NOT_FOUND") : seoFile(xml, "application/xml; charset=utf-8");
  });

  if (opts.renderPage) {
    const render = opts.renderPage;
    app.use("*", pageSession);
    app.all("*", async (c) => {
      const viewer = c.get("viewer");
      const shell = await shellDataOrFallback(c.env, c.get("db"), viewer ? toProfile(viewer) : null);
      // The request the renderer sees carries no client-sent nonce: it gets one only through `nonce`.
      const nonce = newNonce();
      const pageApi = pageApiFor(c, app);
      const rendered = await render(c.req.raw, shell, { nonce, pageApi });
      // A loader's 410 (a terminated pro) rides on the router's 404 page (worker/http/page-api.ts).
      const asked = pageApi.status();
      const res =
        asked !== null && rendered.status === 404
          ? new Response(rendered.body, { status: asked, headers: rendered.headers })
          : rendered;
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
