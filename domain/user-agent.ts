/** User-agent strings are kept to 500 characters (docs/product.md section 9). */
export const MAX_USER_AGENT_LENGTH = 500;

export function truncateUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  return ua.length > MAX_USER_AGENT_LENGTH ? ua.slice(0, MAX_USER_AGENT_LENGTH) : ua;
}
