/**
 * The pro's social links (/vendor/me/get-social): each network accepts only https links to its own site,
 * so a profile cannot carry a disguised link elsewhere. "website" accepts any https site.
 */
export const SOCIAL_HOSTS = {
  instagram: ["instagram.com"],
  facebook: ["facebook.com", "fb.com"],
  tiktok: ["tiktok.com"],
  youtube: ["youtube.com", "youtu.be"],
  website: null,
} as const satisfies Record<string, readonly string[] | null>;

export type SocialNetwork = keyof typeof SOCIAL_HOSTS;
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/** The normalised link, or null when it is not an acceptable link for that network. */
export function checkSocialLink(network: SocialNetwork, input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || input.length > 300) return null;
  const host = url.hostname.toLowerCase();
  if (!host.includes(".")) return null;
  const allowed = SOCIAL_HOSTS[network];
  if (allowed && !allowed.some((h) => host === h || host.endsWith(`.${h}`))) return null;
  return url.toString();
}

/** Help topics for pros (/vendor/me/help); the answers link to the help centre. */
export const PRO_HELP_TOPICS = [
  {
    id: "offers",
    title: "Getting job offers",
    text: "Switch on your services, keep your calendar open and your service area set. Offers go to pros nearby who are free at the booked time.",
  },
  {
    id: "agreement",
    title: "Your agreement",
    text: "Download and sign the professional agreement in Profile before you take jobs. A new version needs a new signature.",
  },
  {
    id: "licences",
    title: "Licences",
    text: "Services that need a licence stay off until your licence is valid. Upload a renewal before it expires; we review it within two business days.",
  },
  {
    id: "area",
    title: "Service area",
    text: "Set your home ZIP and how far you travel. Clients in that area see you in search immediately.",
  },
  {
    id: "pause",
    title: "Taking a break",
    text: "Pause your account in Profile to stop new offers; your accepted jobs stay on your calendar.",
  },
] as const;
