import { beforeAll, describe, expect, it } from "vitest";
import { acceptedJob, photoForm } from "../jobs/test-fixtures";
import { Client, makeVendor, signUp } from "../test-utils";
import { applicationForm, file, world, type World } from "../vendors/test-fixtures";
import { decodeImage, decodePicture, MAX_DECODE_PIXELS } from "./decode-image";
import { pngClaiming, pngInflating } from "./test-images";

/**
 * The slowest a cheap request may answer while bombs are refused. Decoding the bombs first stalled everyone for
 * 5 to 12 s; refused by their headers they cost nothing, and a quiet machine answers in tens of milliseconds.
 * The bound leaves room for a 2-core machine running other suites at the same time.
 */
const WORST_MS = 3000;

/**
 * Image bombs through every upload route (decision 125): a file of under 100 bytes whose header claims
 * 20000 x 20000 pixels, and a ~390 KB file whose pixel data inflates to 400 MB. Each is refused from its
 * header, or while inflating at its declared size, in well under a second, and a cheap request served at the
 * same time is not held up. On the decoder as it was (pixels first, pixel count after) the second bomb
 * inflated all 400 MB before anything was checked.
 */
const HUGE_CANVAS = pngClaiming(20_000, 20_000);
/** Declares 1000 x 1000 (4 MB of pixel data) and inflates to 400 MB. */
const HUGE_DATA = pngInflating(400_000_000, 1000, 1000);
/** Declares a canvas that matches its 400 MB of data (10000 x 10000 RGBA). */
const HUGE_BOTH = pngInflating(400_000_000, 10_000, 10_000);

let w: World;
beforeAll(async () => {
  w = await world();
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

/** Runs `bombs` while timing cheap requests one after another; answers the bombs' replies and the cheap latencies. */
async function whileBombing<T>(bombs: () => Promise<T[]>) {
  const cheap = new Client();
  const latencies: number[] = [];
  let done = false;
  const ticker = (async () => {
    while (!done) latencies.push((await timed(() => cheap.get("/api/shell"))).ms);
  })();
  const replies = await bombs();
  done = true;
  await ticker;
  latencies.sort((a, b) => a - b);
  return { replies, latencies, worst: latencies[latencies.length - 1] ?? 0 };
}

describe("the image decoder and bombs", () => {
  it("builds the bombs it claims to build", () => {
    expect(HUGE_CANVAS.length).toBeLessThan(100);
    expect(HUGE_DATA.length).toBeGreaterThan(380_000);
    expect(HUGE_DATA.length).toBeLessThan(400_000);
  });

  it("refuses both bombs from the header or at the declared size, in well under a second", async () => {
    for (const bytes of [HUGE_CANVAS, HUGE_DATA, HUGE_BOTH]) {
      const { value, ms } = await timed(() => decodePicture(bytes));
      expect(value).toHaveProperty("refused");
      expect(ms).toBeLessThan(1500);
      const structural = await timed(() => decodeImage({ ext: "png", contentType: "image/png" }, bytes));
      expect(structural.value).toBeNull();
      expect(structural.ms).toBeLessThan(1500);
    }
    expect(await decodePicture(HUGE_CANVAS)).toEqual({ refused: "too-large" });
    expect(await decodePicture(HUGE_BOTH)).toEqual({ refused: "too-large" });
    // Declares a size within budget, so only the inflation count can catch it.
    expect(1000 * 1000).toBeLessThan(MAX_DECODE_PIXELS);
    expect(await decodePicture(HUGE_DATA)).toEqual({ refused: "format" });
  });
});

describe("bombs through the upload routes", () => {
  it("job photos: both bombs answer 4xx catalogue errors while a cheap request stays fast", async () => {
    const { soId, vendor } = await acceptedJob();
    const { replies, worst, latencies } = await whileBombing(() =>
      Promise.all(
        [HUGE_CANVAS, HUGE_DATA, HUGE_BOTH, HUGE_CANVAS, HUGE_DATA].map((bytes) =>
          timed(() => vendor.post("/api/vendor/me/job", photoForm(soId, "before", bytes))),
        ),
      ),
    );
    const codes = replies.map((r) => r.value.body.error?.code);
    expect(codes).toEqual([
      "PICTURE_TOO_MANY_PIXELS",
      "FILE_FORMAT_NOT_ALLOWED",
      "PICTURE_TOO_MANY_PIXELS",
      "PICTURE_TOO_MANY_PIXELS",
      "FILE_FORMAT_NOT_ALLOWED",
    ]);
    expect(replies.map((r) => r.value.status)).toEqual([413, 415, 413, 413, 415]);
    for (const r of replies) expect(r.ms).toBeLessThan(2000);
    expect(latencies.length).toBeGreaterThan(0);
    expect(worst).toBeLessThan(WORST_MS);
  });

  it("a pro's profile picture and an application photo refuse both bombs", async () => {
    const pro = new Client();
    const { profile } = await signUp(pro, { name: "Bomb Pro" });
    await makeVendor(profile.user_id);
    const put = (bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.append("file", file(bytes, "me.png"));
      return pro.put("/api/account/user/profile-picture", form);
    };
    const applicant = new Client();
    await signUp(applicant, { name: "Bomb Applicant" });
    const apply = (bytes: Uint8Array<ArrayBuffer>) =>
      applicant.post("/api/vendor/create", applicationForm(w, { photo: file(bytes, "me.png") }));
    const { replies, worst } = await whileBombing(() =>
      Promise.all([put(HUGE_CANVAS), put(HUGE_DATA), apply(HUGE_CANVAS), apply(HUGE_DATA)]),
    );
    expect(
      replies.map((r) => r.status),
      JSON.stringify(replies.map((r) => r.body)),
    ).toEqual([413, 415, 415, 415]);
    expect(replies[0]!.body.error.code).toBe("PICTURE_TOO_MANY_PIXELS");
    expect(replies[1]!.body.error.code).toBe("FILE_FORMAT_NOT_ALLOWED");
    expect(replies[2]!.body.error).toMatchObject({ code: "VENDOR_APPLICATION_INVALID_FILE", fields: { result: "-2" } });
    expect(replies[2]!.body.error.fields.photo).toMatch(/2048 x 2048/);
    expect(replies[3]!.body.error).toMatchObject({ code: "VENDOR_APPLICATION_INVALID_FILE", fields: { result: "-1" } });
    expect(worst).toBeLessThan(WORST_MS);
  });
});
