import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { emailVerificationApi } from "./email-verification";
import { profileApi } from "./profile";

/** /api/account/user: the signed-in user's own profile and the check of their email address. */
export const accountRoutes = new Hono<AppEnv>().route("/user/email", emailVerificationApi).route("/user", profileApi);
