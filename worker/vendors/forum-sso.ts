/**
 * Single sign-on into the community forum (NodeBB with nodebb-plugin-session-sharing; decision 084). The
 * plugin reads a JWT signed with the shared secret (HS256) from a cookie (default name "token") and
 * accepts the claims id, username, email and picture. Tokens live 10 minutes: long enough to open the forum.
 */
const TTL_SECONDS = 600;

function b64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  let s = "";
  for (const b of raw) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function forumToken(
  secret: string,
  user: { id: number; username: string; email?: string; picture?: string; now: number },
): Promise<string> {
  const iat = Math.floor(user.now / 1000);
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = b64url(
    JSON.stringify({
      id: user.id,
      username: user.username,
      ...(user.email ? { email: user.email } : {}),
      ...(user.picture ? { picture: user.picture } : {}),
      iat,
      exp: iat + TTL_SECONDS,
    }),
  );
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${header}.${payload}`)));
  return `${header}.${payload}.${b64url(sig)}`;
}
