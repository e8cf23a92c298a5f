import { describe, expect, it } from "vitest";
import { backoffMs, parseLiveMessage } from "./live-client";

describe("live client rules", () => {
  it("backs off 1, 2, 4, 8, 16 then 30 s, with up to 30% jitter below", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffMs(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(700);
    expect(backoffMs(9, () => 0)).toBe(21000);
  });

  it("understands the contract's messages and ignores anything else", () => {
    expect(parseLiveMessage('{"type":"offer.new","service_order_id":12,"at":1}')).toEqual({
      type: "offer.new",
      service_order_id: 12,
    });
    expect(parseLiveMessage('{"type":"hello","at":1}')).toEqual({ type: "hello", service_order_id: undefined });
    for (const junk of ["pong", "not json", "null", '{"type":"offer.exploded"}', '{"kind":"offer.new"}', "[]", 42]) {
      expect(parseLiveMessage(junk)).toBeNull();
    }
  });
});
