import * as v from "valibot";

/**
 * Bounds every number a client sends before it reaches SQL (issue 20): `v.integer()` alone takes 1e308,
 * which became `datatype mismatch` (a 500) as an OFFSET. Ids fit a 32-bit signed integer, pages stop at
 * 10,000, instants (epoch milliseconds) at the year 2200.
 */
export const MAX_ID = 2 ** 31 - 1;
export const MAX_PAGE = 10_000;
/** No single amount the API takes is near $1,000,000; the bound keeps sums of amounts exact integers. */
export const MAX_CENTS = 100_000_000;
export const MAX_INSTANT_MS = 7_258_118_400_000; // 2200-01-01

/** A positive id sent as a JSON number. */
export const NumberId = v.pipe(
  v.number("Expected an id."),
  v.integer("Expected an id."),
  v.minValue(1, "Expected an id."),
  v.maxValue(MAX_ID, "Expected an id."),
);

/** A 1-based page sent as a JSON number; the first page when missing. */
export const NumberPage = v.optional(
  v.pipe(
    v.number("Expected a page number."),
    v.integer("Expected a page number."),
    v.minValue(1, "Pages start at 1."),
    v.maxValue(MAX_PAGE, "Expected a page number."),
  ),
  1,
);

/** An instant in epoch milliseconds. */
export const Instant = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_INSTANT_MS));

/** A ZIP sent as a number (the legacy client does): five digits at most. */
export const NumberZip = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999));

/**
 * Control characters (C0, DEL, C1 and the Unicode line and paragraph separators): a name such as
 * "Eve\r\nX-INJECT:1" would flow into texts, headers and staff lists.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, but a line break (\n, \r\n) is allowed: text of several lines, such as a gift message. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
export const CONTROL_CHARS_BUT_NEWLINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** One line of text (names, phones, e-mails, addresses, descriptions): trimmed, at most `max`, no control characters. */
export const singleLine = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max),
    v.check((s) => !CONTROL_CHARS.test(s), "Use one line of text, without control characters."),
  );

/** Text that may run over several lines: trimmed, at most `max`, no control characters but line breaks. */
export const multiLine = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max),
    v.check((s) => !CONTROL_CHARS_BUT_NEWLINE.test(s), "Remove the control characters from the text."),
  );
