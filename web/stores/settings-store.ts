import { normalizeZip } from "../../domain/location-input";
import { createStore } from "../lib/create-store";
import { readJson, removeItem, writeJson } from "../lib/storage";

/**
 * Local settings (docs/product.md section 3), kept in localStorage under `settings`:
 * - zipcode: the service location (5 digits)
 * - setting001: last price-by-ZIP notice (ms)      - setting002: app banner hidden until (ms)
 * - setting003: last post-login redirect check (ms) - setting006: last welcome-back credits message (ms)
 * - setting008: signup promo closed until (ms)
 * - referralCode: a referral code from ?referral=
 */
export interface LocalSettings {
  zipcode?: string;
  setting001?: number;
  setting002?: number;
  setting003?: number;
  setting006?: number;
  setting008?: number;
  referralCode?: string;
}

export const SETTINGS_KEY = "settings";

/**
 * The ZIP is mirrored in a `zip` cookie (not HttpOnly: it is no secret) so the server can render a page's
 * prices for it on the first paint (web/lib/page-data.tsx). localStorage stays the source of truth.
 */
export const ZIP_COOKIE = "zip";

function syncZipCookie(zip: string | undefined): void {
  if (typeof document === "undefined") return;
  try {
    const current = document.cookie.match(/(?:^|;\s*)zip=(\d{5})/)?.[1];
    if (current === zip) return;
    document.cookie = zip
      ? `${ZIP_COOKIE}=${zip}; path=/; max-age=31536000; samesite=lax`
      : `${ZIP_COOKIE}=; path=/; max-age=0; samesite=lax`;
  } catch {
    /* cookies disabled: pages fetch their prices after hydration */
  }
}

function load(): LocalSettings {
  const raw = readJson(SETTINGS_KEY);
  if (!raw || typeof raw !== "object") return {};
  const r = raw as Record<string, unknown>;
  const out: LocalSettings = {};
  const zip = normalizeZip(r.zipcode);
  if (zip) out.zipcode = zip;
  for (const k of ["setting001", "setting002", "setting003", "setting006", "setting008"] as const) {
    const v = r[k];
    if (typeof v === "number" && Number.isFinite(v)) out[k] = v;
  }
  if (typeof r.referralCode === "string" && /^[A-Za-z0-9_-]{1,32}$/.test(r.referralCode))
    out.referralCode = r.referralCode;
  syncZipCookie(out.zipcode);
  return out;
}

export const settingsStore = createStore<LocalSettings>({}, load);

export function updateSettings(patch: Partial<LocalSettings>): void {
  settingsStore.set(patch);
  writeJson(SETTINGS_KEY, settingsStore.get());
  if ("zipcode" in patch) syncZipCookie(settingsStore.get().zipcode);
}

export function clearSettings(): void {
  removeItem(SETTINGS_KEY);
  syncZipCookie(undefined);
  settingsStore.set({
    zipcode: undefined,
    setting001: undefined,
    setting002: undefined,
    setting003: undefined,
    setting006: undefined,
    setting008: undefined,
    referralCode: undefined,
  });
}
