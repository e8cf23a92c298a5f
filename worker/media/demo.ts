import { Hono } from "hono";
import { renderDemoArt } from "./demo-art";
import { messageFor } from "../../domain/messages";

/**
 * Generated demo pictures: GET /media/demo/<key>.svg (mounted at /media by the Worker entry). The seed
 * points vendor photos, job before/after images and service images here; see worker/media/demo-art.ts for the
 * keys. The pictures never change for a key, so they are cached for a day and marked immutable; the CSP
 * keeps an SVG opened directly from running anything or loading anything.
 */
export const mediaApp = new Hono<{ Bindings: Env }>();

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml",
  "Cache-Control": "public, max-age=86400, immutable",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
} as const;

mediaApp.get("/demo/:file", (c) => {
  const file = c.req.param("file");
  const svg = file.endsWith(".svg") ? renderDemoArt(file.slice(0, -".svg".length)) : null;
  if (svg === null) return c.json({ error: { code: "NOT_FOUND", message: messageFor("NOT_FOUND") } }, 404);
  return c.body(svg, 200, SVG_HEADERS);
});
