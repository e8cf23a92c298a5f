import { addDays, DAY_MS, dayNumber, isValidTimeZone, localDate, localToInstant } from "./calendar/time";
import { normalizeEmail } from "./email";
import { addressParts, isPartialAddress } from "./location/address";
import { PRICING } from "./pricing-config";

/**
 * Checkout rules (docs/decisions/030-money-amounts.md, 032-checkout-and-job-offers.md). Pure: amounts are
 * integer cents, membership and balances come in as arguments.
 */

/** The smallest amount a card (or wallet) is charged: Stripe's USD minimum, also docs/product.md section 9's wallet minimum. */
export const MIN_CARD_CHARGE_CENTS = PRICING.walletMinimumCents;

/** `cents * bps / 10000` rounded half up, in integers only. */
export function bpsOf(cents: number, bps: number): number {
  return Math.floor((cents * bps + 5_000) / 10_000);
}

/** The service fee of an order whose services cost `servicesCents` after discounts: a share with a floor and a cap. */
export function serviceFeeCents(servicesCents: number): number {
  if (servicesCents <= 0) return 0;
  return Math.min(
    PRICING.serviceFeeMaxCents,
    Math.max(PRICING.serviceFeeMinCents, bpsOf(servicesCents, PRICING.serviceFeeBps)),
  );
}

/** A beauty member's discount on one service line. */
export function memberDiscountCents(priceCents: number): number {
  return bpsOf(priceCents, PRICING.memberDiscountBps);
}

/**
 * How much account credit pays of `dueCents`: as much as the balance allows, except that what is left for
 * the card is either nothing or at least the card minimum (a card cannot be charged 30 cents), so the
 * credit used may stop short of the balance.
 */
export function creditToApply(dueCents: number, balanceCents: number): number {
  const available = Math.max(0, balanceCents);
  if (dueCents <= 0 || available === 0) return 0;
  if (available >= dueCents) return dueCents;
  const left = dueCents - available;
  if (left >= MIN_CARD_CHARGE_CENTS) return available;
  return Math.max(0, dueCents - MIN_CARD_CHARGE_CENTS);
}

export interface TotalsLine {
  price_cents: number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  isMember: boolean;
  creditBalanceCents: number;
  /** The customer may keep their credit for later (the account-credit switch at checkout). */
  useCredit: boolean;
}

export interface Totals {
  subtotal_cents: number;
  /** The member discount of each line, in line order. */
  line_discounts_cents: number[];
  member_discount_cents: number;
  service_fee_cents: number;
  tax_cents: number;
  /** Before credit: subtotal - discount + fee + tax. */
  due_cents: number;
  credit_available_cents: number;
  credit_applied_cents: number;
  /** What the card is charged: due - credit. 0 or at least MIN_CARD_CHARGE_CENTS (or due itself if smaller). */
  total_cents: number;
}

/**
 * The order's amounts (orders.total_cents: subtotal - discount - credit + fee + tax). The member discount
 * is per line (rounded per line, so a line's refund later gives back exactly its own discount); the fee is
 * on the discounted services; credit comes last. No tax is charged on services (tax_cents stays 0).
 */
export function checkoutTotals(input: TotalsInput): Totals {
  const subtotal = input.lines.reduce((sum, l) => sum + l.price_cents, 0);
  const lineDiscounts = input.lines.map((l) => (input.isMember ? memberDiscountCents(l.price_cents) : 0));
  const discount = lineDiscounts.reduce((a, b) => a + b, 0);
  const fee = serviceFeeCents(subtotal - discount);
  const tax = 0;
  const due = subtotal - discount + fee + tax;
  const available = Math.max(0, input.creditBalanceCents);
  const credit = input.useCredit ? creditToApply(due, available) : 0;
  return {
    subtotal_cents: subtotal,
    line_discounts_cents: lineDiscounts,
    member_discount_cents: discount,
    service_fee_cents: fee,
    tax_cents: tax,
    due_cents: due,
    credit_available_cents: available,
    credit_applied_cents: credit,
    total_cents: due - credit,
  };
}

/** Wallet payment (Apple Pay / Google Pay) is offered only from the minimum (docs/product.md section 5). */
export function walletAllowed(totalCents: number): boolean {
  return totalCents >= PRICING.walletMinimumCents;
}

// ------------------------------------------------------------------------------------------- email

/**
 * Free consumer mail providers, refused for business (connect) services (docs/product.md section 5: "A business-email
 * check rejects a large list of free consumer mail domains (list not reproduced)"). The major providers and
 * their regional and legacy domains; subdomains of these count too.
 */
export const FREE_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.uk",
  "yahoo.ca",
  "yahoo.fr",
  "yahoo.de",
  "yahoo.es",
  "yahoo.it",
  "yahoo.co.in",
  "yahoo.com.mx",
  "yahoo.com.br",
  "ymail.com",
  "rocketmail.com",
  "hotmail.com",
  "hotmail.co.uk",
  "hotmail.fr",
  "hotmail.de",
  "hotmail.es",
  "hotmail.it",
  "outlook.com",
  "outlook.fr",
  "outlook.de",
  "live.com",
  "live.ca",
  "live.co.uk",
  "msn.com",
  "passport.com",
  "aol.com",
  "aim.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "protonmail.com",
  "protonmail.ch",
  "proton.me",
  "pm.me",
  "tutanota.com",
  "tuta.io",
  "gmx.com",
  "gmx.net",
  "gmx.de",
  "gmx.us",
  "web.de",
  "mail.com",
  "email.com",
  "usa.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "inbox.com",
  "zoho.com",
  "zohomail.com",
  "fastmail.com",
  "fastmail.fm",
  "hushmail.com",
  "lycos.com",
  "excite.com",
  "juno.com",
  "netzero.net",
  "earthlink.net",
  "comcast.net",
  "verizon.net",
  "att.net",
  "sbcglobal.net",
  "bellsouth.net",
  "cox.net",
  "charter.net",
  "optonline.net",
  "frontier.com",
  "windstream.net",
  "centurylink.net",
  "q.com",
  "roadrunner.com",
  "rr.com",
  "twc.com",
  "qq.com",
  "163.com",
  "126.com",
  "sina.com",
  "naver.com",
  "hanmail.net",
  "rediffmail.com",
  "libero.it",
  "orange.fr",
  "wanadoo.fr",
  "free.fr",
  "laposte.net",
  "t-online.de",
  "btinternet.com",
  "sky.com",
  "virginmedia.com",
  "shaw.ca",
  "rogers.com",
  "sympatico.ca",
  "bigpond.com",
  "optusnet.com.au",
  "mailinator.com",
  "guerrillamail.com",
  "10minutemail.com",
  "temp-mail.org",
  "yopmail.com",
  "duck.com",
  "hey.com",
]);

/** True when a (normalised) address is at a free consumer provider or one of its subdomains. */
export function isFreeEmailDomain(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (FREE_EMAIL_DOMAINS.has(labels.slice(i).join("."))) return true;
  }
  return false;
}

export type CheckoutEmailCheck =
  { ok: true; email: string } | { ok: false; reason: "invalid" | "not-business"; message: string };

/**
 * The checkout email (docs/product.md section 5 "Email"): trimmed, the TLD rule of domain/email.ts; for a cart with a
 * business (connect) service, also not at a free consumer provider.
 */
export function checkCheckoutEmail(input: string, opts: { business: boolean }): CheckoutEmailCheck {
  const email = normalizeEmail(input);
  if (!email) return { ok: false, reason: "invalid", message: "Please enter a valid email address." };
  if (opts.business && isFreeEmailDomain(email)) {
    return {
      ok: false,
      reason: "not-business",
      message: "Please use your business email address for business services.",
    };
  }
  return { ok: true, email };
}

export type ServiceAddressCheck =
  | { ok: true; address: string; zip: string }
  | { ok: false; code: "INVALID_ADDRESS" | "ADDRESS_NOT_IN_CART_ZIP"; message: string };

/**
 * The checkout's service address (docs/product.md section 5 "Partial address"): complete (street, city, state,
 * ZIP) and in the ZIP the cart was priced for. One answer per address, with the one message the form shows under
 * the field, so the browser and the API say the same thing once (docs/decisions/154).
 */
export function checkServiceAddress(input: string, cartZip: string): ServiceAddressCheck {
  const address = input.replace(/\s+/g, " ").trim();
  if (isPartialAddress(address)) {
    return {
      ok: false,
      code: "INVALID_ADDRESS",
      message: "Enter the full service address: street, city, state and ZIP code.",
    };
  }
  const zip = addressParts(address).zip!.text.slice(0, 5);
  if (zip !== cartZip) {
    return {
      ok: false,
      code: "ADDRESS_NOT_IN_CART_ZIP",
      message: `This address is in ${zip}, but your cart was priced for ${cartZip}. Enter an address in ${cartZip}, or change your ZIP in the cart.`,
    };
  }
  return { ok: true, address, zip };
}

// -------------------------------------------------------------------------------------- gift cards

/** Gift amounts: a preset, or a custom whole-dollar amount within the limits (PRICING). */
export function giftAmountAllowed(cents: number): boolean {
  if (!Number.isSafeInteger(cents)) return false;
  if ((PRICING.giftCardPresetsCents as readonly number[]).includes(cents)) return true;
  return cents % 100 === 0 && cents >= PRICING.giftCardMinCents && cents <= PRICING.giftCardMaxCents;
}

/** A gift card can be scheduled up to a year ahead (Amazon, Starbucks and Sephora eGift cards offer the same). */
export const GIFT_DELIVERY_MAX_DAYS = 365;
/** A gift scheduled for a later day goes out at this local time (a text at midnight would wake the recipient). */
export const GIFT_DELIVERY_LOCAL_TIME = "09:00";

export type GiftDelivery =
  | { ok: true; deliver_on: string; time_zone: string; deliver_at: number; now: boolean }
  | { ok: false; field: "deliver_on" | "time_zone"; message: string };

/**
 * The buyer's chosen delivery day, in their own local date (`tz`, the browser's zone): from today to
 * GIFT_DELIVERY_MAX_DAYS ahead. Today goes out at once (`now`); a later day at GIFT_DELIVERY_LOCAL_TIME there
 * (`deliver_at`). No day given: today.
 */
export function giftDelivery(date: string | null | undefined, tz: string, nowMs: number): GiftDelivery {
  if (!isValidTimeZone(tz)) return { ok: false, field: "time_zone", message: "Unknown time zone." };
  const today = localDate(nowMs, tz);
  const last = addDays(today, GIFT_DELIVERY_MAX_DAYS);
  const day = date ?? today;
  let valid = true;
  try {
    dayNumber(day);
  } catch {
    valid = false;
  }
  if (!valid || day < today || day > last) {
    return { ok: false, field: "deliver_on", message: `Choose a delivery date from today to ${last}.` };
  }
  if (day === today) return { ok: true, deliver_on: day, time_zone: tz, deliver_at: nowMs, now: true };
  return {
    ok: true,
    deliver_on: day,
    time_zone: tz,
    deliver_at: localToInstant(day, GIFT_DELIVERY_LOCAL_TIME, tz),
    now: false,
  };
}

/**
 * Gift card codes: 16 symbols of Crockford's base 32 (no I, L, O, U: nothing to misread), shown in groups
 * of four, "7KQ2-M9XD-4RTB-W3HN": 80 random bits, so guessing one is hopeless. Typing is forgiving: any
 * case, spaces and dashes anywhere, O for 0 and I or L for 1.
 */
export const GIFT_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CODE_LENGTH = 16;

/** A code from 16 random bytes (each byte's low 5 bits pick a symbol, so every symbol is equally likely). */
export function giftCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CODE_LENGTH) throw new RangeError(`need ${GIFT_CODE_LENGTH} random bytes`);
  let raw = "";
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) raw += GIFT_CODE_ALPHABET[bytes[i]! & 31];
  return formatGiftCode(raw);
}

function formatGiftCode(raw: string): string {
  return raw.match(/.{1,4}/g)!.join("-");
}

/** The canonical "XXXX-XXXX-XXXX-XXXX" of what a person typed, or null when it cannot be a code. */
export function normalizeGiftCode(input: string): string | null {
  const raw = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (raw.length !== GIFT_CODE_LENGTH) return null;
  for (const ch of raw) if (!GIFT_CODE_ALPHABET.includes(ch)) return null;
  return formatGiftCode(raw);
}

// ------------------------------------------------------------------------------------- membership

export interface MembershipLike {
  status: string;
  /** Epoch ms: the end of the month paid for (null when the provider has not said). */
  current_period_end: number | null;
}

/**
 * Until when a cancelled membership keeps its member prices: the end of the month already paid for, while
 * that is still ahead of `now` (docs/decisions/124-page-promises.md). Null for an active membership (it
 * renews) and for one whose paid month is over. A membership the provider ended for non-payment has its
 * period end cut to the end (worker/cron/queue.ts, worker/api/stripe/webhook.ts), so it keeps nothing.
 */
export function memberPricesUntil(m: MembershipLike, now: number): number | null {
  if (m.status !== "cancelled" || m.current_period_end === null) return null;
  return m.current_period_end > now ? m.current_period_end : null;
}

/**
 * A member at `now`: an active membership, or a cancelled one still inside the month it paid for (the
 * /membership page's "keep your benefits until the end of the month you've paid for"). For an active one
 * the status is the truth (the provider's renewals and cancellations keep it); its current_period_end is
 * shown, not judged, so a renewal that lands late never takes the discount away meanwhile.
 */
export function isActiveMember(memberships: readonly MembershipLike[], now: number): boolean {
  return memberships.some((m) => m.status === "active" || memberPricesUntil(m, now) !== null);
}

// ----------------------------------------------------------------------------------- payment links

/** A vendor's payment link (docs/product.md "vpid") stays open this long, then shows "this link is expired". */
export const PAYMENT_LINK_TTL_DAYS = 7;
/** What a vendor may request through a link: the card minimum up to $2,000. */
export const PAYMENT_LINK_MAX_CENTS = 200_000;

export function paymentLinkAmountAllowed(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= MIN_CARD_CHARGE_CENTS && cents <= PAYMENT_LINK_MAX_CENTS;
}

/** Whether a link can be paid now: open, already paid, expired or cancelled. */
export function paymentLinkState(
  link: { status: string; expires_at: number },
  now: number,
): "open" | "paid" | "expired" | "cancelled" {
  if (link.status === "paid") return "paid";
  if (link.status === "cancelled") return "cancelled";
  return link.expires_at > now ? "open" : "expired";
}

// ------------------------------------------------------------------------------------ SMS reminders

/** A reminder for a date without a time is sent at this local time. */
export const REMINDER_DEFAULT_TIME = "10:00";
/** How far ahead a reminder may be set. */
export const REMINDER_MAX_DAYS = 365;

/**
 * The instant of a reminder's `date`: "YYYY-MM-DD" (at REMINDER_DEFAULT_TIME) or "YYYY-MM-DD HH:MM" local
 * to `tz`, or an ISO-8601 instant with its zone ("...Z", "...-05:00"). Null when it is none of these or
 * names a date that does not exist.
 */
export function reminderInstant(input: string, tz: string): number | null {
  const text = input.trim();
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}))?$/.exec(text);
  if (local) {
    try {
      return localToInstant(local[1]!, local[2] ?? REMINDER_DEFAULT_TIME, tz);
    } catch {
      return null;
    }
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const t = Date.parse(text);
  return Number.isFinite(t) ? t : null;
}

/** A reminder must be in the future and within REMINDER_MAX_DAYS. */
export function reminderTimeAllowed(at: number, now: number): boolean {
  return at > now && at <= now + REMINDER_MAX_DAYS * DAY_MS;
}
