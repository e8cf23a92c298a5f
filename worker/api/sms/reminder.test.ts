import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeService, makeZip } from "../../calendar/test-fixtures";
import { sendDueReminders } from "../../checkout/reminders";
import { contactPhone, outboxTo } from "../../checkout/test-fixtures";
import { Client } from "../../test-utils";

const DAY = 86_400_000;

async function remind(client: Client, body: Record<string, unknown>) {
  return client.post("/api/sms/reminder", { token: "turnstile-token", ...body });
}

describe("POST /api/sms/reminder and the cron that sends it", () => {
  it("stores a reminder at 10:00 in the ZIP's zone, once, and the cron texts it once", async () => {
    const service = await makeService();
    const zip = await makeZip({ tz: "America/Los_Angeles" });
    const phone = contactPhone();
    const client = new Client();
    const body = { phone_number: phone, date: "2026-11-24", service_id: service.serviceId, zipCode: zip.zip };
    const made = await remind(client, body);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      phone_number: phone,
      remind_at: "2026-11-24T18:00:00.000Z", // 10:00 PST
      status: "scheduled",
      message: "We'll text you a reminder.",
    });
    const again = await remind(client, body);
    expect(again.status).toBe(200);
    expect(again.body.data.reminder_id).toBe(made.body.data.reminder_id);

    expect(await sendDueReminders(env, Date.UTC(2026, 10, 24, 17, 59))).toBe(0);
    const at = Date.UTC(2026, 10, 24, 18);
    const [first, second] = await Promise.all([sendDueReminders(env, at), sendDueReminders(env, at)]);
    expect(first! + second!).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(env, at + DAY)).toBe(0);
    const texts = await outboxTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/reminder: it's time to book your Calendar Service/);
    const row = await env.DB.prepare("SELECT status, sent_at FROM sms_reminders WHERE reminder_id = ?")
      .bind(made.body.data.reminder_id)
      .first();
    expect(row).toEqual({ status: "sent", sent_at: at });
  });

  it("reads a local time, and an ISO instant as given", async () => {
    const service = await makeService();
    const client = new Client();
    const local = await remind(client, {
      phone_number: contactPhone(),
      date: "2026-12-01 18:30",
      service_id: service.serviceId,
    });
    expect(local.body.data.remind_at).toBe("2026-12-01T23:30:00.000Z"); // no ZIP: Eastern
    const instant = await remind(client, {
      phone_number: contactPhone(),
      date: "2026-12-01T12:00:00Z",
      service_id: service.serviceId,
    });
    expect(instant.body.data.remind_at).toBe("2026-12-01T12:00:00.000Z");
  });

  it.each([
    ["a bad phone", { phone_number: "12" }, "PHONE_NOT_VALID"],
    ["a past date", { date: "2026-11-01" }, "INVALID_INPUT"],
    ["a date more than a year ahead", { date: "2028-01-01" }, "INVALID_INPUT"],
    ["a malformed date", { date: "next week" }, "INVALID_INPUT"],
    ["an unknown service", { service_id: 99_999_999 }, "NOT_FOUND"],
    ["a missing token", { token: "" }, "INVALID_INPUT"],
  ])("refuses %s", async (_, override, code) => {
    const service = await makeService();
    const res = await remind(new Client(), {
      phone_number: contactPhone(),
      date: "2026-11-30",
      service_id: service.serviceId,
      ...override,
    });
    expect(res.body.error.code).toBe(code);
  });
});
