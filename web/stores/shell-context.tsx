import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import type { Profile } from "../../schema/payloads/accounts";
import type { BotCheckConfig, NavCategory, ShellData } from "../../schema/payloads/shell";
import { BRAND } from "../config/brand";
import { formatPhone } from "../lib/format";

/**
 * Who is signed in and what the header lists, per render. It lives in React context (not a module store)
 * because the server renders many requests in one isolate; the browser updates the viewer in place after
 * login or a profile save, so the header changes without a reload.
 */
export interface ShellState {
  viewer: Profile | null;
  categories: NavCategory[];
  supportPhone: string;
  compatibilityLevel: number;
  /** Discounts of the featured services (for the level-8 rule); null until shell data arrived. */
  featuredDiscounts: number[] | null;
  /** The Worker runs as a public demo (DEMO_MODE=1): a banner says payments are test-only. */
  demo: boolean;
  /** The bot check the signup and password-reset forms pass (decision 057). */
  botcheck: BotCheckConfig;
  /** True once real shell data arrived (from the server render or GET /api/shell). */
  ready: boolean;
}

interface ShellContextValue extends ShellState {
  setViewer(viewer: Profile | null): void;
  /** Replace everything with fresh shell data, or with `null` mark the shell as loaded but unavailable. */
  replaceShell(data: ShellData | null): void;
}

export const EMPTY_SHELL: ShellState = {
  viewer: null,
  categories: [],
  supportPhone: BRAND.fallbackSupportPhone,
  compatibilityLevel: 1,
  featuredDiscounts: null,
  demo: false,
  botcheck: { provider: "local" },
  ready: false,
};

export function shellStateFrom(data: ShellData | null): ShellState {
  if (!data) return EMPTY_SHELL;
  return {
    viewer: data.viewer ?? null,
    categories: [...(data.categories ?? [])].sort((a, b) => a.display_order - b.display_order),
    supportPhone: formatPhone(data.supportPhone || BRAND.fallbackSupportPhone),
    compatibilityLevel: Number.isFinite(data.compatibilityLevel) ? data.compatibilityLevel : 1,
    featuredDiscounts: Array.isArray(data.featuredDiscounts) ? data.featuredDiscounts : null,
    demo: data.demo === true,
    botcheck: data.botcheck ?? { provider: "local" },
    ready: true,
  };
}

const ShellContext = createContext<ShellContextValue | null>(null);

export function ShellProvider({ initial, children }: { initial: ShellState; children: ReactNode }) {
  const [state, setState] = useState(initial);
  const value = useMemo<ShellContextValue>(
    () => ({
      ...state,
      setViewer: (viewer) => setState((s) => ({ ...s, viewer })),
      replaceShell: (data) => setState(data ? shellStateFrom(data) : { ...EMPTY_SHELL, ready: true }),
    }),
    [state],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const ctx = useContext(ShellContext);
  if (!ctx) throw new Error("useShell must be used inside ShellProvider");
  return ctx;
}

export function useViewer(): Profile | null {
  return useShell().viewer;
}
