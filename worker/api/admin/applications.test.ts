import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signUp } from "../../test-utils";
import { adminClient, applicationForm, world, type World } from "../../vendors/test-fixtures";

let w: World;
let admin: Client;
beforeAll(async () => {
  w = await world();
  admin = await adminClient();
});

/** A fresh submitted application's id. */
async function submitted(): Promise<number> {
  const pro = new Client();
  await signUp(pro, { name: "Body Applicant" });
  const applied = await pro.post("/api/vendor/create", applicationForm(w));
  expect(applied.status).toBe(201);
  return applied.body.data.application_id as number;
}

const statusOf = async (id: number) =>
  (
    await env.DB.prepare("SELECT status FROM vendor_applications WHERE application_id = ?")
      .bind(id)
      .first<{ status: string }>()
  )?.status;

// The approve route's optional body (its validator middleware, worker/api/admin/applications.ts): the answers
// are the ones the handler gave when it read the body by hand.
describe("POST /api/admin/applications/:id/approve: the optional body", () => {
  it("approves with no body, a blank body, or a note", async () => {
    const none = await submitted();
    expect((await admin.post(`/api/admin/applications/${none}/approve`)).status).toBe(200);
    const blank = await submitted();
    expect((await admin.post(`/api/admin/applications/${blank}/approve`, "  \n")).status).toBe(200);
    const noted = await submitted();
    const res = await admin.post(`/api/admin/applications/${noted}/approve`, { reason: "  Licence checked.  " });
    expect(res.status).toBe(200);
    expect(await statusOf(noted)).toBe("approved");
  }, 30_000);

  it("answers INVALID_INPUT for a body that is not JSON or not a valid note, and approves nothing", async () => {
    const id = await submitted();
    const malformed = await admin.post(`/api/admin/applications/${id}/approve`, "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({
      code: "INVALID_INPUT",
      fields: { _: "The request body must be JSON." },
    });
    const long = await admin.post(`/api/admin/applications/${id}/approve`, { reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe("INVALID_INPUT");
    expect(Object.keys(long.body.error.fields)).toEqual(["reason"]);
    const wrongType = await admin.post(`/api/admin/applications/${id}/approve`, { reason: 5 });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.error.fields)).toEqual(["reason"]);
    expect(await statusOf(id)).toBe("submitted");
  }, 30_000);

  it("checks the id before the body", async () => {
    const res = await admin.post("/api/admin/applications/abc/approve", "{not json");
    expect(res.status).toBe(400);
    expect(res.body.error.fields).not.toHaveProperty("_", "The request body must be JSON.");
  });
});
