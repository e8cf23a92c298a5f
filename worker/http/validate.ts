import type { Context } from "hono";
import * as v from "valibot";
import { AppError, fail } from "./errors";

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
