import { Hono } from "hono";
import type { AppEnv } from "../http/types";
import { mediaApp } from "./demo";
import { uploadsApp } from "./uploads";

/**
 * /media: files, not pages or API answers. uploads.ts (/u/:owner/:file, what users uploaded, served inert)
 * and demo.ts (/demo/:file, the demo pictures).
 */
export const mediaRoutes = new Hono<AppEnv>().route("/", uploadsApp).route("/", mediaApp);
