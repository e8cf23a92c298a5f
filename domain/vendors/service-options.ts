import * as v from "valibot";
import type { MessageCode } from "../messages";

/**
 * A pro's options for one service (docs/product.md section 5 "Messages and options"): at most 11 option groups, at
 * most 10 choices per group, at least one choice per group, every field filled in. The same check runs in
 * the services page before saving and in POST /service/save.
 */
export const MAX_OPTION_GROUPS = 11;
export const MAX_OPTIONS_PER_GROUP = 10;
export const MAX_OPTION_TEXT = 80;
export const MAX_SERVICE_MESSAGE = 500;

export interface OptionChoice {
  label: string;
}

export interface OptionGroup {
  title: string;
  choices: OptionChoice[];
}

/** The shape only (strings and arrays); the limits are checked by `checkOptionGroups` for their own codes. */
export const OptionGroupsShape = v.array(
  v.object({
    title: v.string(),
    choices: v.array(v.object({ label: v.string() })),
  }),
);

/** The first rule the groups break, or null; texts are compared trimmed. */
export function checkOptionGroups(groups: readonly OptionGroup[]): MessageCode | null {
  if (groups.length > MAX_OPTION_GROUPS) return "OPTION_GROUPS_LIMIT";
  for (const g of groups) {
    if (g.choices.length > MAX_OPTIONS_PER_GROUP) return "OPTIONS_PER_GROUP_LIMIT";
    if (g.choices.length === 0) return "OPTION_CHOICE_REQUIRED";
  }
  const filled = (text: string) => text.trim().length > 0 && text.trim().length <= MAX_OPTION_TEXT;
  for (const g of groups) {
    if (!filled(g.title) || g.choices.some((c) => !filled(c.label))) return "OPTION_FIELDS_REQUIRED";
  }
  return null;
}

/** Trimmed copy for storage. */
export function normalizeOptionGroups(groups: readonly OptionGroup[]): OptionGroup[] {
  return groups.map((g) => ({ title: g.title.trim(), choices: g.choices.map((c) => ({ label: c.label.trim() })) }));
}

/** Parses stored JSON; anything unreadable is no options. */
export function parseOptionGroups(json: string | null): OptionGroup[] {
  if (!json) return [];
  try {
    const parsed = v.safeParse(OptionGroupsShape, JSON.parse(json));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}
