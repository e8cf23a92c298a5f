import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { normalizeEmail } from "../../../domain/email";
import { normalizeUsPhone } from "../../../domain/phone";
import { normalizeZip } from "../../../domain/location/zip";
import { applicantView, MAX_EXPERIENCE_YEARS } from "../../../domain/vendors/application";
import { expiryFromDay } from "../../../domain/vendors/licenses";
import { isValidRadius } from "../../../domain/vendors/service-range";
import { vendorApplications } from "../../../schema/tables/vendors";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { requireUser, viewerOf } from "../../middleware/roles";
import { refuseHugeBody } from "../../vendors/files";
import { applyGroups, submitApplication } from "../../vendors/submit-application";
import { CONTROL_CHARS, CONTROL_CHARS_BUT_NEWLINE, MAX_ID } from "../../../schema/payloads/bounds";

const MAX_TEXT = 120;
const MAX_ABOUT = 2000;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Applying to become a pro (docs/product.md sections 4 and 7: POST /vendor/create; docs/decisions/080). The applicant
 * signs in first (their account becomes the pro's login on approval) and can read the state of their
 * application at GET /vendor/application.
 */
export const vendorApplicationApi = new Hono<AppEnv>()
  .get("/apply-options", async (c) => c.json({ data: { groups: await applyGroups(c.get("db")) } }))

  .get("/application", requireUser, async (c) => {
    const viewer = viewerOf(c);
    const [row] = await c
      .get("db")
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.user_id, viewer.user_id))
      .orderBy(desc(vendorApplications.application_id))
      .limit(1);
    if (!row) return c.json({ data: { application: null } });
    return c.json({
      data: {
        application: {
          application_id: row.application_id,
          state: applicantView(row.status),
          submitted_at: row.created_at,
          name: row.name,
          zipcode: row.zipcode,
        },
      },
    });
  })

  .post("/create", requireUser, async (c) => {
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    if (viewer.vendor_id) fail("VENDOR_ALREADY_EXISTS");
    // The photo and up to one licence per licensed group.
    refuseHugeBody(c.req.header("content-length"), 4);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      fail("VENDOR_APPLICATION_MISSING_FIELDS");
    }

    const name = text(form, "name");
    const phone = normalizeUsPhone(text(form, "phone"));
    const email = normalizeEmail(text(form, "email"));
    const zipcode = normalizeZip(text(form, "zipcode"));
    const radius = Number(text(form, "radius_miles"));
    const experienceText = text(form, "experience_years");
    const experience = Number(experienceText);
    const about = text(form, "about");
    const groupIds = text(form, "service_groups").split(",").filter(Boolean).map(Number);
    const agreement = text(form, "agreement");
    const photo = form.get("photo");
    const missing: Record<string, string> = {};
    if (!name || name.length > MAX_TEXT || CONTROL_CHARS.test(name)) missing.name = "Enter your full name.";
    if (!text(form, "phone")) missing.phone = "Enter your mobile number.";
    if (!text(form, "email")) missing.email = "Enter your email address.";
    if (!text(form, "zipcode")) missing.zipcode = "Enter your home ZIP code.";
    if (!isValidRadius(radius)) missing.radius_miles = "Choose how far you travel (1 to 50 miles).";
    if (!experienceText || !Number.isInteger(experience) || experience < 0 || experience > MAX_EXPERIENCE_YEARS)
      missing.experience_years = "Enter your years of experience.";
    if (about.length > MAX_ABOUT) missing.about = "Keep this under 2,000 characters.";
    if (CONTROL_CHARS_BUT_NEWLINE.test(about)) missing.about = "Remove the control characters from the text.";
    if (groupIds.length > 50 || groupIds.some((id) => id > MAX_ID))
      missing.service_groups = "Choose the services you offer.";
    if (groupIds.length === 0 || groupIds.some((id) => !Number.isInteger(id) || id <= 0))
      missing.service_groups = "Choose at least one service you offer.";
    if (agreement !== "1" && agreement !== "true") missing.agreement = "Please accept the professional agreement.";
    if (!(photo instanceof File) || photo.size === 0) missing.photo = "Add a profile photo.";
    if (Object.keys(missing).length > 0) fail("VENDOR_APPLICATION_MISSING_FIELDS", missing);
    if (!phone) fail("PHONE_NOT_VALID");
    if (!email) fail("INVALID_EMAIL_ADDRESS");
    if (!zipcode) fail("INVALID_ADDRESS");

    // One licence per licensed group: license_<group id>, license_number_<group id>, ... (decision 121).
    const licenceOf = (suffix: string) => ({
      file: form.get(`license${suffix}`),
      number: text(form, `license_number${suffix}`),
      state: text(form, `license_state${suffix}`).toUpperCase(),
      expires: expiryFromDay(text(form, `license_expires${suffix}`)),
    });
    const licenses = Object.fromEntries(groupIds.map((id) => [id, licenceOf(`_${id}`)]));
    const { application_id } = await submitApplication(
      c.env,
      db,
      {
        userId: viewer.user_id,
        name,
        phone,
        email,
        zipcode,
        radius,
        experience,
        about,
        groupIds,
        photo: photo as File,
        licenses,
        legacyLicense: licenceOf(""),
      },
      now,
    );
    return c.json({ data: { application_id, state: "in_review" } }, 201);
  });
