import { afterEach, describe, expect, it, vi } from "vitest";
import { twilioSms } from "./twilio";

describe("twilioSms", () => {
  afterEach(() => vi.restoreAllMocks());

  it("posts the message form to the account's Messages resource with basic auth", async () => {
    const calls: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(new Request(input as RequestInfo, init));
      return Response.json({ sid: "SM123" }, { status: 201 });
    });
    const port = twilioSms({ accountSid: "AC42", authToken: "secret", from: "+18005550199" });
    expect(await port.send("+12125550101", "123456 is your code")).toEqual({ ok: true, ref: "SM123" });
    expect(calls).toHaveLength(1);
    const req = calls[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("https://api.twilio.com/2010-04-01/Accounts/AC42/Messages.json");
    expect(req.headers.get("authorization")).toBe(`Basic ${btoa("AC42:secret")}`);
    const form = new URLSearchParams(await req.text());
    expect(Object.fromEntries(form)).toEqual({ To: "+12125550101", From: "+18005550199", Body: "123456 is your code" });
  });

  it("reports Twilio's refusal and network failures instead of pretending it sent", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      Response.json({ message: "Invalid 'To' Phone Number" }, { status: 400 }),
    );
    const port = twilioSms({ accountSid: "AC42", authToken: "secret", from: "+18005550199" });
    expect(await port.send("+1", "x")).toEqual({ ok: false, error: "Invalid 'To' Phone Number" });
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new Error("network down"));
    expect(await port.send("+12125550101", "x")).toEqual({ ok: false, error: "network down" });
  });
});
