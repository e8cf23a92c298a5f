import { describe, expect, it } from "vitest";
import {
  clientPaidNotice,
  DEFAULT_PRO_REASON,
  proNoticeSms,
  proReason,
  STAFF_PRO_ACTIONS,
  staffActionNotice,
} from "./pro-notices";

describe("pro notices", () => {
  it("an empty or blank message reads as the action's default, a written one as written", () => {
    for (const action of STAFF_PRO_ACTIONS) {
      expect(proReason(action, "")).toBe(DEFAULT_PRO_REASON[action]);
      expect(proReason(action, "   ")).toBe(DEFAULT_PRO_REASON[action]);
      expect(proReason(action, null)).toBe(DEFAULT_PRO_REASON[action]);
      expect(proReason(action, "  Your client asked for it ")).toBe("Your client asked for it");
    }
  });

  it("every action's notice names what happened and carries the reason as a sentence", () => {
    const facts = { what: "Blowout", when: "Sat, Dec 5 at 10:00 AM", newWhen: "Sun, Dec 6 at 11:00 AM" };
    for (const action of STAFF_PRO_ACTIONS) {
      const n = staffActionNotice(action, facts, "Your client asked for it");
      expect(n.message).toMatch(/Your client asked for it\.$/);
      expect([0, 1, 2]).toContain(n.severity);
    }
    expect(staffActionNotice("job.suspend", facts, "x").message).toBe(
      "Support put your Blowout on Sat, Dec 5 at 10:00 AM on hold; it is off your calendar. x.",
    );
    expect(staffActionNotice("job.reschedule", facts, "Moved.").message).toContain(
      "to Sun, Dec 6 at 11:00 AM; it is off your calendar and offered again. Moved.",
    );
    expect(staffActionNotice("job.reassign", facts, "Why?").message).toBe(
      "Your Blowout on Sat, Dec 5 at 10:00 AM was moved to another pro by support; it is off your calendar. Why?",
    );
    expect(staffActionNotice("service.restrict", { what: "Waxing" }, "Burns").message).toMatch(
      /^Support restricted you from Waxing: you will not be offered it\. Burns\.$/,
    );
  });

  it("texts carry the brand; payments name the amount and what it was for", () => {
    expect(proNoticeSms("Hello.")).toBe("Glow At Home: Hello.");
    expect(clientPaidNotice({ kind: "charge", amount: "12.00", what: "Extra 30 minutes" }).message).toBe(
      "Your client approved and paid the added charge of $12.00 (Extra 30 minutes).",
    );
    expect(clientPaidNotice({ kind: "request", amount: "45.00", what: " " }).message).toBe(
      "Your client paid your payment request of $45.00.",
    );
  });
});
