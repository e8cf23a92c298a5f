import { DurableObject } from "cloudflare:workers";
export class VendorCalendar extends DurableObject<Env> {
  async hello() { return "hi"; }
}
