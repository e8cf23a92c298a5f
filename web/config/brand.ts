/** The brand and the facts every page may quote. One place, so a rename touches one file. */
export const BRAND = {
  name: "Glow At Home",
  shortName: "Glow",
  tagline: "Beauty, spa and massage pros who come to you",
  description:
    "Book vetted at-home beauty, spa and massage professionals by ZIP code. Hair, nails, makeup, massage and more, at your door.",
  supportEmail: "care@glowathome.com",
  partnersEmail: "partners@glowathome.com",
  privacyEmail: "privacy@glowathome.com",
  foundationEmail: "foundation@glowathome.com",
  /** Used only when the shell data has no support phone (e.g. the API is down). */
  fallbackSupportPhone: "(800) 555-0199",
  supportHours: "every day, 7 am to 10 pm Eastern",
  legalName: "Glow At Home, Inc.",
  mailingAddress: "548 Market Street, Suite 300, San Francisco, CA 94104",
  foundationName: "Glow At Home Foundation",
  legalUpdated: "March 1, 2026",
} as const;

export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+1${digits.replace(/^1(?=\d{10}$)/, "")}`}`;
}
