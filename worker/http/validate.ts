import type { Context } from "hono";
import * as v from "valibot";
import { fail } from "./errors";

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

/** Reads and validates a JSON body; malformed JSON is INVALID_INPUT, never a 500. */
export async function jsonBody<S extends Schema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    fail("INVALID_INPUT", { _: "The request body must be JSON." });
  }
  return parseOrFail(schema, raw);
}

export function queryOf<S extends Schema>(c: Context, schema: S): v.InferOutput<S> {
  return parseOrFail(schema, c.req.query());
}
