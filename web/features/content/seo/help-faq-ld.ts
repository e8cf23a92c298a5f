import { faqLd } from "../../../lib/seo/json-ld";
import { plainText } from "../../../lib/seo/plain-text";
import { FAQ } from "../data/faq";

/**
 * The help page's FAQ as FAQPage structured data. Loaded by the route's loader with a dynamic import: a route's
 * head() is in every page's first bundle, and the whole FAQ in it cost every page about 5 KB gzip
 * (docs/decisions/176).
 */
export function helpFaqLd() {
  return faqLd(FAQ.flatMap((group) => group.items.map((item) => ({ question: item.q, answer: plainText(item.a) }))));
}
