// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; they are optional by design
// (every adapter falls back to its embedded local one).
interface Env {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  /** Static JWKS JSON for Google sign-in, used instead of fetching Google's keys (tests, air-gapped). */
  GOOGLE_JWKS?: string;
  /** Google Maps Geocoding key: switches the geo port from the offline ZIP table to Google. */
  GOOGLE_MAPS_KEY?: string;
  /** Community forum (NodeBB session-sharing): its URL and the shared JWT secret; both or neither. */
  NODEBB_URL?: string;
  NODEBB_SECRET?: string;
}
