import { Hono } from "hono";
import { Testimonials2Query, TestimonialsQuery } from "../../schema/payloads/catalogue";
import { categoryTestimonials, serviceTestimonials } from "../catalogue/testimonials";
import type { AppEnv } from "../http/types";
import { queryOf } from "../http/validate";

/**
 * GET /api/testimonials?serviceId=&scgid=: one service's testimonials, or two per service for the home page
 * (worker/catalogue/testimonials.ts).
 */
export const testimonialsApi = new Hono<AppEnv>().get("/", async (c) => {
  const data = await serviceTestimonials(c.get("db"), queryOf(c, TestimonialsQuery));
  return c.json({ data });
});

/** GET /api/testimonials2?scgid=&serviceId=: one category's testimonials, the given service's first. */
export const testimonials2Api = new Hono<AppEnv>().get("/", async (c) => {
  const data = await categoryTestimonials(c.get("db"), queryOf(c, Testimonials2Query));
  return c.json({ data });
});
