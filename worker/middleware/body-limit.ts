import { createMiddleware } from "hono/factory";
import { MAX_JOB_PHOTO_BYTES, MAX_JOB_VIDEO_BYTES } from "../../domain/job-actions";
import { MAX_PROFILE_PHOTO_BYTES } from "../../domain/uploads";
import { AppError } from "../http/errors";
import type { AppEnv } from "../http/types";

/**
 * Request body caps (docs/decisions/053-request-bodies.md). Every JSON payload of the API is small (the largest,
 * a review comment or a message, is a few KB), so a JSON (or any non-multipart) body may be 64 KB; multipart
 * uploads 6 MB (a 5 MB picture and its framing) unless the route takes larger files (MULTIPART_ROUTES: the
 * 60 MB video, 10 MB job photos); Stripe's webhook events up to 512 KB. Over the cap: 413 with the code naming
 * the kind of file and its limit (REQUEST_TOO_LARGE for other bodies), decided from Content-Length before
 * reading, or while reading a body sent without one.
 *
 * A body the handler did not read, or read only up to the cap, is drained afterwards to its end (DRAIN_MAX): a
 * Worker that answers while the client is still sending made Vite's proxy fail the request and the next ones on
 * its connection ("fetch failed", a 500 page).
 */
export const JSON_BODY_MAX = 64 * 1024;
export const MULTIPART_BODY_MAX = 6 * 1024 * 1024;
export const WEBHOOK_BODY_MAX = 512 * 1024;
/**
 * A refused body is still read to its end (and thrown away chunk by chunk), up to the platform's own request
 * limit: `vite preview` and `vite dev` forward the body to the Worker over a pooled connection, and a body
 * left half-sent broke the next requests on that connection ("fetch failed", an HTML 500; issue 20).
 */
const DRAIN_MAX = 100 * 1024 * 1024;

type CapCode = "FILE_TOO_LARGE" | "PHOTO_TOO_LARGE" | "VIDEO_TOO_LARGE" | "REQUEST_TOO_LARGE";

/** Room for the multipart framing and the small fields sent beside a file. */
const FRAMING = 64 * 1024;

/**
 * Multipart routes whose files are larger than the default cap, each with the error that names its kind of
 * file and limit: the customer-unreachable video (60 MB), job photos (10 MB), an application (a licence and a
 * photo of 5 MB each).
 */
const MULTIPART_ROUTES: Record<string, { max: number; code: CapCode }> = {
  "/api/vendor/me/customer-unreachable": { max: MAX_JOB_VIDEO_BYTES + FRAMING, code: "VIDEO_TOO_LARGE" },
  "/api/vendor/me/job": { max: MAX_JOB_PHOTO_BYTES + FRAMING, code: "PHOTO_TOO_LARGE" },
  "/api/vendor/me/update-photo": { max: MAX_JOB_PHOTO_BYTES + FRAMING, code: "PHOTO_TOO_LARGE" },
  "/api/vendor/create": { max: 2 * MAX_PROFILE_PHOTO_BYTES + FRAMING, code: "FILE_TOO_LARGE" },
};

export function capFor(path: string, contentType: string): { max: number; code: CapCode } {
  if (/^multipart\/form-data/i.test(contentType)) {
    return MULTIPART_ROUTES[path] ?? { max: MULTIPART_BODY_MAX, code: "FILE_TOO_LARGE" };
  }
  if (path === "/api/stripe/webhook") return { max: WEBHOOK_BODY_MAX, code: "REQUEST_TOO_LARGE" };
  return { max: JSON_BODY_MAX, code: "REQUEST_TOO_LARGE" };
}

/**
 * A copy of the stream that errors with the cap's AppError once more than `max` bytes went through. The
 * source stays open when the copy errors or is cancelled: `rest()` reads what is left of it to its end.
 */
function capped(
  body: ReadableStream<Uint8Array>,
  max: number,
  code: AppError["code"],
  onOver: () => void,
): { stream: ReadableStream<Uint8Array>; rest: () => Promise<void> } {
  const reader = body.getReader();
  let size = 0;
  let finished = false;
  // workerd's request body takes one pending read at a time: every read goes through this chain, so the
  // drain waits for a read the copy started (a second read at once threw, the drain gave up, and the
  // unread body broke the proxy's connection; issue 20).
  let reading: Promise<unknown> = Promise.resolve();
  const read = () => {
    const next = reading.then(() => reader.read());
    reading = next.catch(() => undefined);
    return next;
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await read();
        if (done) {
          finished = true;
          return controller.close();
        }
        size += value.byteLength;
        if (size > max) {
          onOver();
          controller.error(new AppError(code));
        } else controller.enqueue(value);
      },
    },
    // Nothing is read until the handler asks: a handler that refuses first leaves the whole body to the drain.
    { highWaterMark: 0 },
  );
  const rest = async () => {
    try {
      for (let drained = 0; drained <= DRAIN_MAX;) {
        if (finished) return;
        const { done, value } = await read();
        if (done) return;
        drained += value.byteLength;
      }
      await reader.cancel();
    } catch {
      /* the client went away: nothing to drain */
    }
  };
  return { stream, rest };
}

async function drain(body: ReadableStream<Uint8Array> | null, max: number): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    /* the client went away: nothing to drain */
  }
}

export const bodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const { max, code } = capFor(c.req.path, c.req.header("content-type") ?? "");
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > max) {
    await drain(raw.body, DRAIN_MAX);
    throw new AppError(code);
  }
  // Without a trustworthy length, count while the handler reads. A handler that catches the read's failure
  // (a form that does not parse) still answers the cap's 413: the overflow is remembered here.
  let over = false;
  let draining = false;
  const body = capped(raw.body, max, code, () => (over ||= !draining));
  const limited = new Request(raw, { body: body.stream as ReadableStream, duplex: "half" } as RequestInit);
  c.req.raw = limited;
  try {
    await next();
  } finally {
    draining = true;
    await body.rest();
  }
  if (over) {
    const error = new AppError(code);
    c.res = undefined;
    c.res = c.json(error.toBody(), error.status as 413);
  }
});
