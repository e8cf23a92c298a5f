/**
 * Money at the edges (docs/architecture.md section 3 "Data"): everything inside is integer cents; these helpers turn what a
 * person types into cents without going through binary floating point, and cents back into dollars to show.
 */

const DOLLARS_INPUT = /^(\d*)(?:\.(\d{0,2}))?$/;

/**
 * Parses a dollars amount as typed ("12", "12.5", "12.50", ".5", "$1,234.56") into exact cents, or null when it
 * is not an amount: digits, at most one decimal point and at most 2 decimals (docs/product.md section 5 "Tip amount"); a
 * leading "$" and thousands commas between groups of three digits are tolerated. Never negative.
 */
export function parseDollarsToCents(input: string): number | null {
  let text = input.trim();
  if (text.startsWith("$")) text = text.slice(1).trimStart();
  if (text.includes(",")) {
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return null;
    text = text.replaceAll(",", "");
  }
  const match = DOLLARS_INPUT.exec(text);
  if (!match) return null;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (whole === "" && fraction === "") return null;
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Rounds a dollars number to cents half away from zero, as a person would (1.005 → 101, 0.285 → 29): the number
 * is read through its 15 significant digits, so float noise (1.005 is stored as 1.00499999...) does not leak.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`not a finite amount: ${dollars}`);
  const negative = dollars < 0;
  const [digits = "0", exp = "0"] = Math.abs(dollars).toExponential(14).split("e");
  // Shift the decimal point by the exponent plus 2 (dollars → cents) on the digit string itself.
  const mantissa = digits.replace(".", "");
  const point = 1 + Number(exp) + 2;
  let whole: string;
  let rest: string;
  if (point <= 0) {
    whole = "0";
    rest = "0".repeat(-point) + mantissa;
  } else if (point >= mantissa.length) {
    whole = mantissa + "0".repeat(point - mantissa.length);
    rest = "";
  } else {
    whole = mantissa.slice(0, point);
    rest = mantissa.slice(point);
  }
  let cents = Number(whole);
  if ((rest[0] ?? "0") >= "5") cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}

/** "12.34" for 1234, "-0.05" for -5: the plain decimal form, for inputs and API fields that want dollars. */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "$1,234.56" for 123456, "-$0.50" for -50: for people to read. */
export function formatCents(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
}
