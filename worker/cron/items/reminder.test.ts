import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localToInstant } from "../../../domain/calendar/time";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { customer, insertJob, TUE, vendorWorld, WED, at } from "../../orders/test-fixtures";
import type { CronEnvelope } from "../messages";
import { enqueueDue, handleItem } from "../queue";

/**
 * The visit's reminders through the queue (docs/decisions/152-visit-reminders-and-calendar.md): 24 hours (the
 * same local time the day before) and 2 hours ahead, to the customer and the pro, each once however the ticks
 * overlap; a moved visit is reminded at its new time, a cancelled one not at all.
 */

const HOUR = 3_600_000;
const MIN = 60_000;

async function due(now: number, so: number) {
  const sent: CronEnvelope[] = [];
  await enqueueDue(env, now, async (m) => void sent.push(...m));
  return sent.filter((m) => m.kind === "reminder" && m.so === so);
}

async function textsTo(phone: string) {
  const rows = await env.DB.prepare("SELECT body FROM outbox WHERE channel = 'sms' AND \"to\" = ? ORDER BY id")
    .bind(phone)
    .all<{ body: string }>();
  return rows.results.map((r) => r.body).filter((b) => b.includes("reminder:"));
}

async function booked(start?: number) {
  const w = await vendorWorld();
  const buyer = await customer("Casey Jones");
  const job = await insertJob({ userId: buyer.user_id, world: w, start });
  return { w, buyer, ...job };
}

describe("visit reminders", () => {
  it("texts the customer and the pro 24 hours and 2 hours ahead, each with their own link, once each", async () => {
    const { w, buyer, soid, start } = await booked(at(TUE, "10:00"));
    expect(await due(start - 24 * HOUR - MIN, soid)).toHaveLength(0);
    const first = await due(start - 24 * HOUR, soid);
    expect(first.map((m) => m.kind === "reminder" && m.lead)).toEqual(["24h"]);
    expect(await handleItem(env, first[0]!, start - 24 * HOUR)).toBe("sent:customer+pro");
    expect(await due(start - 23 * HOUR, soid)).toHaveLength(0);

    const second = await due(start - 2 * HOUR + MIN, soid);
    expect(second.map((m) => m.kind === "reminder" && m.lead)).toEqual(["2h"]);
    await handleItem(env, second[0]!, start - 2 * HOUR + MIN);
    expect(await due(start - HOUR, soid)).toHaveLength(0);

    const mine = await textsTo(buyer.phone);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain("tomorrow at 10:00 AM EST");
    expect(mine[0]).toContain(`Reschedule, cancel or message your pro: `);
    expect(mine[0]).toContain(`/account/orders?so=${soid}`);
    expect(mine[0]).toContain(`with ${w.vendorName}`);
    expect(mine[1]).toContain("today at 10:00 AM EST");
    const pro = await textsTo(w.vendorPhone);
    expect(pro).toHaveLength(2);
    expect(pro[0]).toContain("for Casey tomorrow at 10:00 AM EST at 1 Test St");
    expect(pro[0]).toContain(`/business/jobs/${soid}`);
  });

  it("sends one text each when overlapping ticks enqueue the same reminder and 20 deliveries race", async () => {
    const { w, buyer, soid, start } = await booked(at(TUE, "12:00"));
    const now = start - 20 * HOUR;
    const [a, b] = await Promise.all([due(now, soid), due(now, soid)]);
    const messages = [...a!, ...b!];
    expect(messages).toHaveLength(2);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => handleItem(env, messages[i % 2]!, now + (i % 3) * 1000)),
    );
    expect(outcomes.filter((o) => o.startsWith("sent"))).toHaveLength(1);
    expect(outcomes.every((o) => o.startsWith("sent") || o === "skipped")).toBe(true);
    expect(await textsTo(buyer.phone)).toHaveLength(1);
    expect(await textsTo(w.vendorPhone)).toHaveLength(1);
    expect(await due(now + 5 * MIN, soid)).toHaveLength(0);
  });

  it("reminds a visit moved after its reminder went out at the new time, and drops the old time's message", async () => {
    const { buyer, soid, start } = await booked(at(TUE, "10:00"));
    const stale = (await due(start - 24 * HOUR, soid))[0]!;
    const sentFirst = (await due(start - 24 * HOUR, soid))[0]!;
    await handleItem(env, sentFirst, start - 24 * HOUR);
    const moved = at(WED, "15:00");
    await env.DB.prepare("UPDATE service_orders SET promised_arrival_time = ? WHERE service_order_id = ?")
      .bind(moved, soid)
      .run();
    // The old time's 2-hour reminder never goes; a message of the old time still in the queue is dropped.
    expect(await due(start - 2 * HOUR, soid)).toHaveLength(0);
    expect(await handleItem(env, { ...stale, kind: "reminder", lead: "2h" } as CronEnvelope, start - 2 * HOUR)).toBe(
      "moved",
    );
    expect(await due(moved - 24 * HOUR - MIN, soid)).toHaveLength(0);
    const again = await due(moved - 24 * HOUR, soid);
    expect(again.map((m) => m.kind === "reminder" && m.at)).toEqual([moved]);
    await handleItem(env, again[0]!, moved - 24 * HOUR);
    const mine = await textsTo(buyer.phone);
    expect(mine).toHaveLength(2);
    expect(mine[1]).toContain("tomorrow at 3:00 PM EST");
  });

  it("sends nothing for a cancelled visit, even one already in the queue", async () => {
    const { buyer, soid, start } = await booked(at(TUE, "10:00"));
    const queued = (await due(start - 3 * HOUR, soid))[0]!;
    await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
      .bind(ServiceOrderStatus.CANCELLED, soid)
      .run();
    expect(await handleItem(env, queued, start - 3 * HOUR)).toBe("stale");
    expect(await due(start - 2 * HOUR, soid)).toHaveLength(0);
    expect(await textsTo(buyer.phone)).toHaveLength(0);
  });

  it("sends the day-before reminder at the same local time across spring forward (23 h) and fall back (25 h)", async () => {
    const spring = localToInstant("2026-03-08", "10:00", "America/New_York");
    const a = await booked(spring);
    expect(await due(spring - 24 * HOUR, a.soid)).toHaveLength(0); // Sat 09:00 EST: too early
    expect(await due(spring - 23 * HOUR, a.soid)).toHaveLength(1); // Sat 10:00 EST

    const fall = localToInstant("2026-11-01", "10:00", "America/Los_Angeles");
    const b = await booked(fall);
    await env.DB.prepare("UPDATE service_orders SET time_zone = 'America/Los_Angeles' WHERE service_order_id = ?")
      .bind(b.soid)
      .run();
    expect(await due(fall - 25 * HOUR - MIN, b.soid)).toHaveLength(0);
    const msg = await due(fall - 25 * HOUR, b.soid); // Sat 10:00 PDT
    expect(msg).toHaveLength(1);
    await handleItem(env, msg[0]!, fall - 25 * HOUR);
    expect((await textsTo(b.buyer.phone))[0]).toContain("tomorrow at 10:00 AM PST");
  });
});
