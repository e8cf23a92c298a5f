import * as v from "valibot";

/** Staff lists: 10 a page (issue 13), `page` from 1, `q` a free-text search. */
export const STAFF_PAGE_SIZE = 10;

export const ListQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, "Page must be a number."), v.transform(Number), v.minValue(1)),
    "1",
  ),
});

export const IdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)) });

export const ReasonBody = v.object({
  reason: v.pipe(v.string(), v.trim(), v.minLength(6, "Say why (at least 6 characters)."), v.maxLength(500)),
});

/**
 * What a person reads of a staff action (the pro, the customer): optional, and replaced by the action's default
 * wording when empty, never by the staff note (docs/decisions/127-pros-told-of-staff-actions.md).
 */
export const ReadMessage = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(300, "Keep the message under 300 characters (it is texted).")),
  "",
);

/** A staff action on a pro: the staff note (`reason`, audit log only) and the message the pro reads. */
export const ProReasonBody = v.object({ ...ReasonBody.entries, pro_message: ReadMessage });

/** A page of a staff list: `{ data: { items, page, page_size, has_more } }`. */
export interface StaffPage<T> {
  items: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** Queries fetch one extra row to know whether another page follows. */
export function pageOf<T>(rows: T[], page: number): { data: StaffPage<T> } {
  return {
    data: {
      items: rows.slice(0, STAFF_PAGE_SIZE),
      page,
      page_size: STAFF_PAGE_SIZE,
      has_more: rows.length > STAFF_PAGE_SIZE,
    },
  };
}

export function offsetOf(page: number): number {
  return (page - 1) * STAFF_PAGE_SIZE;
}

/** A LIKE pattern for `q` with its wildcards escaped (use with ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
