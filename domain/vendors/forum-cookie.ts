/**
 * Where the forum sign-on cookie goes (decision 086). NodeBB's session-sharing plugin reads its token from a
 * cookie on the forum's own domain, so the page can hand the token over only when the site and the forum share
 * a parent domain (www.example.com and forum.example.com share example.com). Answers that parent, or null when
 * they share none (then the forum opens without the sign-on). Two labels at least: never a bare "com".
 */
export function forumCookieDomain(siteHost: string, forumHost: string): string | null {
  const a = siteHost.toLowerCase().replace(/\.$/, "").split(".");
  const b = forumHost.toLowerCase().replace(/\.$/, "").split(".");
  if (a.some((l) => l === "") || b.some((l) => l === "")) return null;
  // IP addresses have no parent domain.
  if (/^\d+$/.test(a[a.length - 1]!) || /^\d+$/.test(b[b.length - 1]!)) return null;
  const shared: string[] = [];
  while (shared.length < Math.min(a.length, b.length)) {
    const x = a[a.length - 1 - shared.length]!;
    if (x !== b[b.length - 1 - shared.length]) break;
    shared.unshift(x);
  }
  return shared.length >= 2 ? shared.join(".") : null;
}

/** The Set-Cookie string the page writes for the forum (10 minutes, like the token). */
export function forumCookie(name: string, token: string, domain: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(token)}; Domain=${domain}; Path=/; Max-Age=600; SameSite=Lax${secure ? "; Secure" : ""}`;
}
