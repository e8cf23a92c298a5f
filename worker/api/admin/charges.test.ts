import { describe, expect, it } from "vitest";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { CARDS, count, key, outboxTo, saveCard } from "../../checkout/test-fixtures";
import { acceptedJob } from "../../jobs/test-fixtures";

const reason = "Late cancellation fee agreed by phone";

function body(j: Awaited<ReturnType<typeof acceptedJob>>, extra: Record<string, unknown> = {}) {
  return {
    user_id: j.customerUserId,
    service_order_id: j.soId,
    amount_cents: 2500,
    reason,
    request_key: key("req").replace(/[^A-Za-z0-9_-]/g, ""),
    ...extra,
  };
}

describe("POST /api/admin/charges", () => {
  it("charges the saved card once for 20 identical parallel requests, with one audit row and a receipt", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.ok);
    const { client, user_id: staffId } = await signedInAdmin();
    const b = body(j);
    const replies = await Promise.all(Array.from({ length: 20 }, () => client.post("/api/admin/charges", b)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ids = new Set(replies.map((r) => r.body.data.staff_charge_id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await count("SELECT count(*) AS n FROM staff_charges WHERE service_order_id = ?", j.soId)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM payment_intents WHERE purpose = 'staff_charge' AND ref = ? AND status = 'succeeded' AND amount_cents = 2500",
        `staff_charge:${id}`,
      ),
    ).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM staff_charges WHERE staff_charge_id = ? AND status = 'succeeded'", id),
    ).toBe(1);
    const rows = await auditRowsFor("user", j.customerUserId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "customer.charge", actor_user_id: staffId, reason });
    expect(JSON.parse(rows[0]!.after_value!)).toEqual({ service_order_id: j.soId, staff_charged_cents: 2500 });
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/Receipt: \$25\.00 for Charge: Late cancellation fee/);
    // The same form sent again answers the same charge; a new form is a new charge.
    const again = await client.post("/api/admin/charges", b);
    expect(again.body.data.staff_charge_id).toBe(id);
    const second = await client.post("/api/admin/charges", body(j, { amount_cents: 1000 }));
    expect(second.status).toBe(200);
    expect(second.body.data.staff_charge_id).not.toBe(id);
    expect(await auditRowsFor("user", j.customerUserId)).toHaveLength(2);
    const list = await client.get(`/api/admin/charges?user_id=${j.customerUserId}`);
    expect(list.body.data.items.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([1000, 2500]);
  });

  it("texts a payment link instead when the card needs 3-D Secure", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.threeDS);
    const { client } = await signedInAdmin();
    const res = await client.post("/api/admin/charges", body(j, { amount_cents: 1200 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toBe("STAFF_CHARGE_LINK_SENT");
    expect(res.body.data.status).toBe("link_sent");
    expect(res.body.data.pay_url).toMatch(/\?cpid=[^&]+&vid=\d+/);
    expect((await outboxTo(j.phone)).join("\n")).toMatch(
      /needs your approval .* Please pay here: https?:\/\/[^ ]+\?cpid=/,
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM pay_links WHERE service_order_id = ? AND kind = 'charge' AND amount_cents = 1200",
        j.soId,
      ),
    ).toBe(1);
  });

  it("refuses amounts outside the limits and bad input with catalogue codes, writing nothing", async () => {
    const j = await acceptedJob({ price: 9000 });
    await saveCard(j.customerUserId, CARDS.ok);
    const { client } = await signedInAdmin();
    const low = await client.post("/api/admin/charges", body(j, { amount_cents: 99 }));
    expect(low.status).toBe(400);
    expect(low.body.error.code).toBe("STAFF_CHARGE_OUT_OF_LIMITS");
    expect(low.body.error.fields.amount_cents).toMatch(/at least \$1\.00/);
    expect((await client.post("/api/admin/charges", body(j, { amount_cents: 50_001 }))).body.error.code).toBe(
      "STAFF_CHARGE_OUT_OF_LIMITS",
    );
    expect((await client.post("/api/admin/charges", body(j, { amount_cents: 12.5 }))).body.error.code).toBe(
      "INVALID_INPUT",
    );
    expect((await client.post("/api/admin/charges", body(j, { reason: "x" }))).body.error.code).toBe("INVALID_INPUT");
    expect((await client.post("/api/admin/charges", body(j, { request_key: "a b" }))).body.error.code).toBe(
      "INVALID_INPUT",
    );
    // Another customer's job is not found.
    const other = await acceptedJob();
    expect((await client.post("/api/admin/charges", body(j, { service_order_id: other.soId }))).body.error.code).toBe(
      "NOT_FOUND",
    );
    expect(await count("SELECT count(*) AS n FROM staff_charges WHERE user_id = ?", j.customerUserId)).toBe(0);
    expect(await auditRowsFor("user", j.customerUserId)).toHaveLength(0);
    // Per job: at most its price plus $100.00 altogether; 20 parallel different charges of $50 stop at $190.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => client.post("/api/admin/charges", body(j, { amount_cents: 5000 }))),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of replies.filter((r) => r.status !== 200)) {
      expect(r.body.error.code).toBe("STAFF_CHARGE_OUT_OF_LIMITS");
    }
    expect(
      await count(
        "SELECT sum(amount_cents) AS n FROM staff_charges WHERE service_order_id = ? AND status <> 'failed'",
        j.soId,
      ),
    ).toBe(15_000);
    expect(await auditRowsFor("user", j.customerUserId)).toHaveLength(3);
  });
});
