import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { authApi, loginApi, logoutApi, resetPasswordApi, signupApi, validateOtpApi } from "./accounts";

/**
 * Signing in. The spec fixes these paths at the top of /api (/accounts, /validateOtp, /login, /logout,
 * /resetPassword, /auth), so this area is the one that owns several top-level segments: worker/app.ts mounts
 * each of them once, from here, and every one is served by worker/api/auth/accounts.ts.
 */
export const authAreas = {
  "/accounts": new Hono<AppEnv>().route("/", signupApi),
  "/validateOtp": new Hono<AppEnv>().route("/", validateOtpApi),
  "/login": new Hono<AppEnv>().route("/", loginApi),
  "/logout": new Hono<AppEnv>().route("/", logoutApi),
  "/resetPassword": new Hono<AppEnv>().route("/", resetPasswordApi),
  "/auth": new Hono<AppEnv>().route("/", authApi),
} as const;
