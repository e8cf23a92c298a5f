/**
 * One page head for every public page: title, description, canonical URL, link previews (OpenGraph and
 * Twitter card with an image) and JSON-LD; private areas get `noindex`. Returns TanStack Router's `head()`
 * object, so a route writes `head: () => pageHead({ ... })`. The deepest route's meta wins over the root's
 * by name/property (TanStack's HeadContent), so a page's description replaces the site default.
 * docs/decisions/156-page-heads-and-canonical-urls.md.
 */
import { BRAND } from "../../config/brand";
import { BRAND_IMAGE_PATH, BRAND_IMAGE_SIZE, webPageLd, type JsonLd } from "./json-ld";
import { absoluteUrl, canonicalUrl } from "./site";

export interface PageHeadInput {
  /** The page's own title; the brand is appended ("Title | Brand") unless it is already in it. */
  title: string;
  /** One or two sentences; cut to 160 characters on a word boundary. */
  description: string;
  /** The page's path; its query and fragment are dropped for the canonical URL. */
  path: string;
  /** A picture for link previews (a path on this site or an absolute URL); the brand picture otherwise. */
  image?: string | null;
  /** Alternative text of the picture. */
  imageAlt?: string;
  jsonLd?: JsonLd | JsonLd[];
  /** Private or per-visitor pages: kept out of search results (no canonical, no preview). */
  noindex?: boolean;
  /** OpenGraph type: "website" by default, "article" for a blog post, "profile" for a pro. */
  type?: "website" | "article" | "profile";
}

type Meta = Record<string, unknown>;

export interface PageHead {
  meta: Meta[];
  links: { rel: string; href: string }[];
  scripts: never[];
}

const DESCRIPTION_MAX = 160;

export function trimDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_MAX / 2)).replace(/[\s,;:.-]+$/, "");
  return `${atWord}…`;
}

export function fullTitle(title: string): string {
  return title.includes(BRAND.name) ? title : `${title} | ${BRAND.name}`;
}

export function pageHead(input: PageHeadInput): PageHead {
  const title = fullTitle(input.title);
  const description = trimDescription(input.description);
  if (input.noindex) {
    return {
      meta: [
        { title },
        { name: "description", content: description },
        { name: "robots", content: "noindex, nofollow" },
      ],
      links: [],
      scripts: [],
    };
  }
  const url = canonicalUrl(input.path);
  const image = absoluteUrl(input.image || BRAND_IMAGE_PATH);
  const ownImage = Boolean(input.image);
  const imageAlt = input.imageAlt ?? (ownImage ? input.title : BRAND.tagline);
  // A page that names no richer type is still described as a WebPage of the site.
  const jsonLd =
    input.jsonLd === undefined
      ? [webPageLd({ path: input.path, name: title, description })]
      : Array.isArray(input.jsonLd)
        ? input.jsonLd
        : [input.jsonLd];
  return {
    meta: [
      { title },
      { name: "description", content: description },
      { name: "robots", content: "index, follow" },
      { property: "og:site_name", content: BRAND.name },
      { property: "og:type", content: input.type ?? "website" },
      { property: "og:title", content: title },
      { property: "og:description", content: description },
      { property: "og:url", content: url },
      { property: "og:image", content: image },
      { property: "og:image:alt", content: imageAlt },
      ...(ownImage
        ? []
        : [
            { property: "og:image:width", content: String(BRAND_IMAGE_SIZE.width) },
            { property: "og:image:height", content: String(BRAND_IMAGE_SIZE.height) },
          ]),
      { property: "og:locale", content: "en_US" },
      { name: "twitter:card", content: ownImage ? "summary" : "summary_large_image" },
      { name: "twitter:title", content: title },
      { name: "twitter:description", content: description },
      { name: "twitter:image", content: image },
      { name: "twitter:image:alt", content: imageAlt },
      ...jsonLd.map((ld) => ({ "script:ld+json": ld })),
    ],
    links: [{ rel: "canonical", href: url }],
    scripts: [],
  };
}
