/**
 * Verifies a Google Sign-In ID token (an RS256 JWT) with Web Crypto: signature against Google's published
 * keys, issuer, audience (our client id), expiry and a verified email. GOOGLE_JWKS can supply the key set
 * as JSON instead of fetching it (tests and air-gapped setups).
 */
const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";
const ISSUERS = new Set(["accounts.google.com", "https://accounts.google.com"]);

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

interface Jwk extends JsonWebKey {
  kid?: string;
}

function decodeSegment(segment: string): Uint8Array {
  const b64 = segment
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function decodeJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(decodeSegment(segment)));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function loadKeys(jwks: string | undefined): Promise<Jwk[]> {
  const text = jwks ? jwks : await (await fetch(GOOGLE_CERTS_URL)).text();
  const parsed = JSON.parse(text) as { keys?: Jwk[] };
  return parsed.keys ?? [];
}

export async function verifyGoogleIdToken(
  token: string,
  opts: { clientId: string; now: number; jwks?: string },
): Promise<GoogleIdentity | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h);
  const payload = decodeJson(p);
  if (!header || !payload || header.alg !== "RS256") return null;

  let keys: Jwk[];
  try {
    keys = await loadKeys(opts.jwks);
  } catch {
    return null;
  }
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk) return null;
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: "RS256", ext: true },
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    "RSASSA-PKCS1-v1_5",
    key,
    decodeSegment(s) as BufferSource,
    new TextEncoder().encode(`${h}.${p}`),
  );
  if (!valid) return null;

  const nowSeconds = Math.floor(opts.now / 1000);
  if (!ISSUERS.has(String(payload.iss))) return null;
  if (payload.aud !== opts.clientId) return null;
  if (typeof payload.exp !== "number" || payload.exp < nowSeconds) return null;
  if (typeof payload.sub !== "string" || typeof payload.email !== "string") return null;
  if (payload.email_verified !== true) return null;
  return {
    sub: payload.sub,
    email: payload.email.toLowerCase(),
    name: typeof payload.name === "string" && payload.name.trim() ? payload.name.trim().slice(0, 80) : "Guest",
    picture: typeof payload.picture === "string" ? payload.picture : null,
  };
}
