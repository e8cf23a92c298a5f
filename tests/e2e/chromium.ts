import { existsSync } from "node:fs";

/**
 * The end-to-end tests drive Debian's Chromium (Playwright's own browser download is not available here).
 * CHROMIUM_PATH overrides the location. Missing Chromium is a failure, never a silent skip.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      "Chromium was not found (looked at " +
        candidates.join(", ") +
        "). Install it with `apt-get install -y chromium` or set CHROMIUM_PATH. The browser tests cannot be skipped.",
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
