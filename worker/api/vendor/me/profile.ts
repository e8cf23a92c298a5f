import { Hono } from "hono";
import * as v from "valibot";
import { AGREEMENT_VERSION } from "../../../../domain/vendors/agreement";
import { expiryFromDay, isPlausibleExpiry } from "../../../../domain/vendors/licenses";
import { MAX_RANGE_MILES, MIN_RANGE_MILES } from "../../../../domain/vendors/service-range";
import { geoFromEnv } from "../../../adapters/geo";
import { fail } from "../../../http/errors";
import { pictureBytesOf } from "../../../http/picture-form";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { setProfilePicture } from "../../../uploads/profile-picture";
import { refuseHugeBody } from "../../../vendors/files";
import {
  agreementPdf,
  licenseList,
  removeLicence,
  requestableGroups,
  requestServiceGroup,
  requestReactivation,
  setDescription,
  setOwnStatus,
  setServiceRange,
  signAgreement,
  uploadLicence,
  vendorProfile,
  withdrawServiceRequest,
} from "../../../vendors/pro-profile";

export const MAX_DESCRIPTION = 1000;

const Description = v.object({
  description: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(MAX_DESCRIPTION, "Keep your description under 1,000 characters."),
  ),
});
const StatusBody = v.object({ status: v.picklist(["active", "deactivated"], "Choose active or deactivated.") });
const ReactivationBody = v.object({
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "Keep your note under 500 characters.")), ""),
});
const ServiceCodeBody = v.object({ service_code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)) });
const SignBody = v.object({ version: v.pipe(v.string(), v.maxLength(40)) });
const RangeBody = v.object({
  zipcode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10))),
  address: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  radius_miles: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(MIN_RANGE_MILES, `Choose a radius of at least ${MIN_RANGE_MILES} mile.`),
    v.maxValue(MAX_RANGE_MILES, `Choose a radius of at most ${MAX_RANGE_MILES} miles.`),
  ),
});

/**
 * The pro's profile and documents (/api/vendor/me/*, issue 12): licences, description, account status,
 * the agreement, the service range and requests for more services.
 */
export const vendorProfileApi = new Hono<AppEnv>()
  .use(requireVendor)
  .get("/profile", async (c) => {
    return c.json({ data: await vendorProfile(c.get("db"), viewerOf(c).vendor_id!) });
  })

  .get("/license", async (c) => {
    const now = c.get("now");
    return c.json({ data: { licenses: await licenseList(c.get("db"), viewerOf(c).vendor_id!, now) } });
  })

  .post("/do-upload", async (c) => {
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    refuseHugeBody(c.req.header("content-length"), 1);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      fail("INVALID_INPUT", { file: "Send the licence as multipart form data." });
    }
    const code = form.get("service_code");
    const expires = expiryFromDay(String(form.get("expires") ?? ""));
    const file = form.get("file");
    if (typeof code !== "string" || !code.trim()) fail("INVALID_INPUT", { service_code: "Choose the service." });
    if (expires === null || !isPlausibleExpiry(expires, now))
      fail("INVALID_INPUT", { expires: "Enter the licence's expiry date; it must be in the future." });
    if (!(file instanceof File) || file.size === 0)
      fail("INVALID_INPUT", { file: "Choose a picture of your licence." });
    const licenses = await uploadLicence(c.env, db, {
      vendorId: viewer.vendor_id!,
      userId: viewer.user_id,
      code: code.trim(),
      expires,
      file,
      now,
    });
    return c.json({ data: { licenses }, code: "SAVED" });
  })

  .post("/remove-upload", validate("json", ServiceCodeBody), async (c) => {
    const body = c.req.valid("json");
    const licenses = await removeLicence(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      serviceCode: body.service_code,
      now: c.get("now"),
    });
    return c.json({ data: { licenses }, code: "SAVED" });
  })

  // The photo clients see (issue 21; docs/decisions/132): the profile picture's checks and store, then vendors.photo.
  .put("/photo", async (c) => {
    const bytes = await pictureBytesOf(c);
    const db = c.get("db");
    const viewer = viewerOf(c);
    await setProfilePicture(c.env, db, viewer, bytes, c.get("now"), { vendorPhoto: true });
    return c.json({ data: await vendorProfile(db, viewer.vendor_id!) });
  })

  .put("/description", validate("json", Description), async (c) => {
    const body = c.req.valid("json");
    await setDescription(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      description: body.description,
      now: c.get("now"),
    });
    return c.json({ data: { description: body.description }, code: "SAVED" });
  })

  .post("/status", validate("json", StatusBody), async (c) => {
    const body = c.req.valid("json");
    const data = await setOwnStatus(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      status: body.status,
      now: c.get("now"),
    });
    return c.json({ data, code: "SAVED" });
  })

  /** A pro staff deactivated asks to come back (docs/decisions/118); staff see it in the vendors list. */
  .post("/reactivation-request", validate("json", ReactivationBody), async (c) => {
    const body = c.req.valid("json");
    const data = await requestReactivation(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      note: body.note,
      now: c.get("now"),
    });
    return c.json({ data, code: "VENDOR_REACTIVATION_REQUESTED" as const });
  })

  .on(["GET", "POST"], "/download-agreement", async (c) => {
    const pdf = await agreementPdf(c.get("db"), viewerOf(c).vendor_id!, c.get("now"));
    return new Response(pdf, {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="agreement-${AGREEMENT_VERSION}.pdf"`,
        "cache-control": "private, no-store",
        "x-agreement-version": AGREEMENT_VERSION,
      },
    });
  })

  .post("/sign-agreement", validate("json", SignBody), async (c) => {
    const body = c.req.valid("json");
    const data = await signAgreement(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      version: body.version,
      now: c.get("now"),
    });
    return c.json({ data, code: "SAVED" });
  })

  .post("/serviceRange", validate("json", RangeBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const data = await setServiceRange(db, () => geoFromEnv(c.env, db), {
      vendorId: viewerOf(c).vendor_id!,
      ...body,
      now: c.get("now"),
    });
    return c.json({ data, code: "SAVED" });
  })

  .get("/vendor-request", async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: { groups: await requestableGroups(c.get("db"), vendorId) } });
  })

  .post("/vendor-request", validate("json", ServiceCodeBody), async (c) => {
    const body = c.req.valid("json");
    const groups = await requestServiceGroup(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      serviceCode: body.service_code,
      now: c.get("now"),
    });
    return c.json({ data: { groups }, code: "SAVED" }, 201);
  })

  .post("/vendor-request-remove", validate("json", ServiceCodeBody), async (c) => {
    const body = c.req.valid("json");
    const groups = await withdrawServiceRequest(c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      serviceCode: body.service_code,
      now: c.get("now"),
    });
    return c.json({ data: { groups }, code: "SAVED" });
  });
