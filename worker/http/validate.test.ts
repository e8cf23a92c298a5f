import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { bodyLimit, JSON_BODY_MAX } from "../middleware/body-limit";
import { AppError } from "./errors";
import type { AppEnv } from "./types";
import { jsonBody, parseOrFail, queryOf, validate } from "./validate";

/**
 * `validate(target, schema)` (Hono's validator over our valibot schemas) must answer exactly what the helpers
 * it replaces answered: the same route is served once through jsonBody / queryOf / parseOrFail and once
 * through the middleware, and every input below gets the same status and body from both.
 */
const Body = v.object({ name: v.pipe(v.string(), v.minLength(1, "Enter a name.")), count: v.optional(v.number()) });
const Query = v.object({ zipCode: v.pipe(v.string(), v.regex(/^\d{5}$/, "Enter a ZIP code.")) });
const Id = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));

const app = new Hono<AppEnv>()
  .use("*", bodyLimit)
  .post("/old/json", async (c) => c.json({ data: await jsonBody(c, Body) }))
  .post("/new/json", validate("json", Body), (c) => c.json({ data: c.req.valid("json") }))
  .get("/old/query", (c) => c.json({ data: queryOf(c, Query) }))
  .get("/new/query", validate("query", Query), (c) => c.json({ data: c.req.valid("query") }))
  .get("/old/param/:id/:part", (c) =>
    c.json({ data: { id: parseOrFail(Id, c.req.param("id")), part: parseOrFail(Id, c.req.param("part")) } }),
  )
  .get("/new/param/:id/:part", validate("param", v.object({ id: Id, part: Id })), (c) =>
    c.json({ data: c.req.valid("param") }),
  );
// worker/app.ts's error path, for both kinds of route alike.
app.onError((err, c) => {
  if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
  if (err instanceof HTTPException) return c.json({ hono: err.message }, err.status);
  return c.json({ crash: String(err) }, 500);
});

async function both(path: string, init: RequestInit = {}) {
  const answer = async (which: string) => {
    const res = await app.request(path.replace("{which}", which), init);
    return { status: res.status, body: (await res.json()) as { data?: unknown; error?: any } };
  };
  const [old, now] = [await answer("old"), await answer("new")];
  expect(now).toEqual(old);
  return now;
}

const post = (body: BodyInit | undefined, type?: string): RequestInit => ({
  method: "POST",
  body,
  headers: type ? { "content-type": type } : {},
});

describe("validate: the same answers as jsonBody / queryOf / parseOrFail", () => {
  it("a valid JSON body is the schema's output", async () => {
    const r = await both("/{which}/json", post('{"name":"Ada","count":2}', "application/json"));
    expect(r).toEqual({ status: 200, body: { data: { name: "Ada", count: 2 } } });
  });

  it("a bad field is INVALID_INPUT with the field's message", async () => {
    const r = await both("/{which}/json", post('{"name":""}', "application/json"));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { name: "Enter a name." } });
  });

  it("malformed JSON is INVALID_INPUT with fields, never Hono's plain 400", async () => {
    for (const body of ['{"name":', "", "nope"]) {
      const r = await both("/{which}/json", post(body, "application/json"));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { _: "The request body must be JSON." } });
    }
  });

  it("a JSON array where an object is expected is refused", async () => {
    const r = await both("/{which}/json", post('[{"name":"Ada"}]', "application/json"));
    expect(r.body.error).toMatchObject({
      code: "INVALID_INPUT",
      fields: { _: "The request body must be a JSON object." },
    });
  });

  it("a JSON body is read whatever its Content-Type says, or without one", async () => {
    for (const type of ["text/plain", undefined, "application/json; charset=utf-8"]) {
      const r = await both("/{which}/json", post('{"name":"Ada"}', type));
      expect(r).toEqual({ status: 200, body: { data: { name: "Ada" } } });
    }
    const noBody = await both("/{which}/json", post(undefined));
    expect(noBody.body.error).toMatchObject({ code: "INVALID_INPUT" });
  });

  it("a body over the cap keeps its 413", async () => {
    const big = JSON.stringify({ name: "x".repeat(JSON_BODY_MAX + 10) });
    const r = await both("/{which}/json", post(big, "application/json"));
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("REQUEST_TOO_LARGE");
    // Sent without a Content-Length (a stream), the cap is found while reading.
    const stream = () =>
      new ReadableStream({
        start(ctrl) {
          ctrl.enqueue(new TextEncoder().encode(big));
          ctrl.close();
        },
      });
    for (const which of ["old", "new"]) {
      const res = await app.request(`/${which}/json`, {
        method: "POST",
        body: stream(),
        headers: { "content-type": "application/json" },
        // @ts-expect-error workerd's fetch needs this for a stream body
        duplex: "half",
      });
      expect(res.status).toBe(413);
    }
  });

  it("a query is read one value per key, the first, and a bad one answers its field", async () => {
    expect(await both("/{which}/query?zipCode=02116&zipCode=x")).toEqual({
      status: 200,
      body: { data: { zipCode: "02116" } },
    });
    const bad = await both("/{which}/query?zipCode=abc");
    expect(bad.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { zipCode: "Enter a ZIP code." } });
  });

  it("params are checked one by one, in order, a bad one answering `_` as parseOrFail did", async () => {
    expect(await both("/{which}/param/12/3")).toEqual({ status: 200, body: { data: { id: 12, part: 3 } } });
    const bad = await both("/{which}/param/abc/x");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["_"]);
  });
});
