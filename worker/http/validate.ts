import type { Context, Env, MiddlewareHandler } from "hono";
import { createFactory } from "hono/factory";
import { validator } from "hono/validator";
import * as v from "valibot";
import { AppError, fail } from "./errors";
import type { AppEnv } from "./types";

type Schema = v.GenericSchema;

/** Turns valibot issues into { field: message } for the INVALID_INPUT answer. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseOrFail<S extends Schema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) fail("INVALID_INPUT", issuesToFields(result.issues));
  return result.output;
}

/**
 * Whether the schema takes a list at its top: valibot's object schemas accept arrays (they are objects), so
 * jsonBody refuses `[]` where an object is expected (POST /api/subscriptions with `[]` bought a membership).
 */
export function acceptsArray(schema: v.GenericSchema): boolean {
  const s = schema as v.GenericSchema & { wrapped?: v.GenericSchema; options?: readonly v.GenericSchema[] };
  if (s.type === "array" || s.type === "tuple" || s.type === "unknown" || s.type === "any") return true;
  if (s.wrapped) return acceptsArray(s.wrapped);
  if (Array.isArray(s.options)) return s.options.some((o) => acceptsArray(o));
  return false;
}

/**
 * Reads and validates a JSON body; malformed JSON is INVALID_INPUT, never a 500, and so is a JSON array where
 * the schema expects an object. A body over the cap (worker/middleware/body-limit.ts) stays its 413.
 */
export async function jsonBody<S extends Schema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    fail("INVALID_INPUT", { _: "The request body must be JSON." });
  }
  if (Array.isArray(raw) && !acceptsArray(schema))
    fail("INVALID_INPUT", { _: "The request body must be a JSON object." });
  return parseOrFail(schema, raw);
}

export function queryOf<S extends Schema>(c: Context, schema: S): v.InferOutput<S> {
  return parseOrFail(schema, c.req.query());
}

/** The parts of a request a route validates (multipart uploads keep their own readers: worker/http/picture-form.ts). */
type Target = "json" | "query" | "param";

/** What `validate(target, schema)` adds to a route's input type: the schema's input and output at that target. */
export type Validated<T extends Target, S extends Schema> = {
  in: { [K in T]: v.InferInput<S> };
  out: { [K in T]: v.InferOutput<S> };
};

/** The body as JSON with jsonBody's rules: malformed is INVALID_INPUT, a cap's 413 stays its 413. */
async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    fail("INVALID_INPUT", { _: "The request body must be JSON." });
  }
}

/** The value a target holds, read the way the handlers read it before this middleware (same answers). */
async function parseTarget(target: Target, schema: Schema, c: Context): Promise<unknown> {
  switch (target) {
    case "json": {
      const raw = await readJson(c);
      if (Array.isArray(raw) && !acceptsArray(schema))
        fail("INVALID_INPUT", { _: "The request body must be a JSON object." });
      return parseOrFail(schema, raw);
    }
    case "query":
      // c.req.query(): one value per key (the first), as queryOf read it.
      return parseOrFail(schema, c.req.query());
    case "param": {
      // Each param alone, in order, as `parseOrFail(Id, c.req.param("id"))` did: a bad one answers `fields._`.
      const entries = (schema as Schema & { entries?: Record<string, Schema> }).entries;
      if (!entries) return parseOrFail(schema, c.req.param());
      const out: Record<string, unknown> = {};
      for (const [name, entry] of Object.entries(entries)) out[name] = parseOrFail(entry, c.req.param(name));
      return out;
    }
  }
}

/**
 * Hono's validator middleware over our valibot schemas (docs/decisions/139-typed-routes-and-clients.md): the
 * handler reads `c.req.valid(target)`, and the route's input type (what `hc` clients send) is the schema's.
 * The answers are exactly jsonBody / queryOf / parseOrFail's: INVALID_INPUT with `fields`; malformed JSON and
 * a JSON array where an object is expected are INVALID_INPUT (never Hono's plain 400); a body over its cap
 * stays its 413; a JSON body is read whatever its Content-Type says. For `json` the body is read before
 * Hono's validator runs, so Hono's own reading (only for a JSON Content-Type) finds it cached and never
 * answers its own 400.
 */
export function validate<T extends Target, S extends Schema, E extends Env = AppEnv, P extends string = string>(
  target: T,
  schema: S,
): MiddlewareHandler<E, P, Validated<T, S>> {
  const check = validator(target, (_value, c) => parseTarget(target, schema, c));
  if (target !== "json") return check as unknown as MiddlewareHandler<E, P, Validated<T, S>>;
  const handler: MiddlewareHandler = async (c, next) => {
    await readJson(c);
    return check(c, next);
  };
  return handler as unknown as MiddlewareHandler<E, P, Validated<T, S>>;
}

/**
 * `validate("json", schema)` for a body that may be absent (main-details posted by the phone with none, an
 * approval without a note): an empty or blank body is checked as `whenEmpty`; anything else must be JSON
 * matching the schema (INVALID_INPUT otherwise). A body over its cap stays its 413.
 */
export function validateOptionalJson<S extends Schema>(
  schema: S,
  whenEmpty: unknown,
): MiddlewareHandler<AppEnv, string, Validated<"json", S>> {
  return async (c, next) => {
    const text = await c.req.text();
    let raw = whenEmpty;
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        fail("INVALID_INPUT", { _: "The request body must be JSON." });
      }
    }
    c.req.addValidatedData("json", parseOrFail(schema, raw) as object);
    await next();
  };
}

/**
 * A route's middleware and handler as one typed tuple, for a route served at two paths (the spec's
 * `/search` and `/search/`): `.get("/search", ...searchRoute).get("/search/", ...searchRoute)`. Hono types a
 * route given an array of paths (`.on("GET", ["/a", "/a/"], ...)`) without its input and answer, so the
 * typed clients could not see it; registering the same tuple twice serves the same requests.
 */
export const routeHandlers = createFactory<AppEnv>().createHandlers;
