/**
 * The two catalogue texts every page's API client needs when an answer carries no catalogue body (a 404 from
 * outside the API, a proxy's 502). They live apart from `messages.ts`, which imports them, so the first
 * page's JavaScript does not carry the whole catalogue (docs/decisions/104-home-page-script-budget.md).
 */
export const NOT_FOUND_TEXT = "We couldn't find what you were looking for.";
export const GENERAL_EXCEPTION_TEXT = "Sorry, we encountered a problem. Please contact us if issues persist.";
