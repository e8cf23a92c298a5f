import { eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import {
  checkSocialLink,
  PRO_HELP_TOPICS,
  SOCIAL_HOSTS,
  type SocialLinks,
  type SocialNetwork,
} from "../../../../domain/vendors/social";
import { connectedAccounts } from "../../../../schema/tables/payments";
import { vendors } from "../../../../schema/tables/vendors";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { forumToken } from "../../../vendors/forum-sso";

const NETWORKS = Object.keys(SOCIAL_HOSTS) as SocialNetwork[];
const SocialBody = v.object(
  Object.fromEntries(NETWORKS.map((n) => [n, v.optional(v.pipe(v.string(), v.maxLength(300)))])) as Record<
    SocialNetwork,
    v.OptionalSchema<
      v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, 300, undefined>]>,
      undefined
    >
  >,
);

function parseLinks(json: string): SocialLinks {
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const out: SocialLinks = {};
    for (const n of NETWORKS) if (typeof raw[n] === "string") out[n] = raw[n] as string;
    return out;
  } catch {
    return {};
  }
}

/** Help topics, social links, payout-account details and forum sign-on (/api/vendor/me/*). */
export const vendorExtrasApi = new Hono<AppEnv>()
  .use(requireVendor)
  .on(["GET", "POST"], "/help", (c) => c.json({ data: { topics: PRO_HELP_TOPICS, help_center: "/help" } }))

  .get("/get-social", async (c) => {
    const [row] = await c
      .get("db")
      .select({ social_links: vendors.social_links })
      .from(vendors)
      .where(eq(vendors.vendor_id, viewerOf(c).vendor_id!));
    return c.json({ data: { links: parseLinks(row?.social_links ?? "{}") } });
  })

  .post("/get-social", validate("json", SocialBody), async (c) => {
    const body = c.req.valid("json");
    const links: SocialLinks = {};
    const bad: Record<string, string> = {};
    for (const n of NETWORKS) {
      const value = body[n]?.trim();
      if (!value) continue;
      const ok = checkSocialLink(n, value);
      if (ok) links[n] = ok;
      else bad[n] = n === "website" ? "Enter a full https:// link." : `Enter a full https:// link to your ${n} page.`;
    }
    if (Object.keys(bad).length) fail("INVALID_INPUT", bad);
    await c
      .get("db")
      .update(vendors)
      .set({ social_links: JSON.stringify(links), updated_at: c.get("now") })
      .where(eq(vendors.vendor_id, viewerOf(c).vendor_id!));
    return c.json({ data: { links }, code: "SAVED" });
  })

  .on(["GET", "POST"], "/connect-info", async (c) => {
    const db = c.get("db");
    const vendorId = viewerOf(c).vendor_id!;
    const [vendor] = await db
      .select({ payouts_paused: vendors.payouts_paused, instant_payout_enabled: vendors.instant_payout_enabled })
      .from(vendors)
      .where(eq(vendors.vendor_id, vendorId));
    const [account] = await db
      .select({
        provider: connectedAccounts.provider,
        status: connectedAccounts.status,
        payouts_enabled: connectedAccounts.payouts_enabled,
        details_submitted: connectedAccounts.details_submitted,
      })
      .from(connectedAccounts)
      .where(eq(connectedAccounts.vendor_id, vendorId))
      .limit(1);
    return c.json({
      data: {
        payout_account: account && account.status !== "deleted" ? account : null,
        payouts_paused: vendor?.payouts_paused ?? false,
        instant_payout_enabled: vendor?.instant_payout_enabled ?? false,
      },
    });
  })

  .get("/nodebb-authorize", async (c) => {
    const url = c.env.NODEBB_URL?.trim();
    const secret = c.env.NODEBB_SECRET?.trim();
    if (!url || !secret) fail("FORUM_NOT_CONFIGURED");
    const viewer = viewerOf(c);
    const token = await forumToken(secret, {
      id: viewer.user_id,
      username: viewer.name,
      email: viewer.email ?? undefined,
      picture: viewer.photo ?? undefined,
      now: c.get("now"),
    });
    return c.json({ data: { url, token, cookie: "token" } });
  });
