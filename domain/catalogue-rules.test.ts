import { describe, expect, it } from "vitest";
import {
  areaPriceCents,
  categoryList,
  displayName,
  jobImageEntries,
  lastJobImage,
  pageFromWindow,
  pageOf,
  pageWindow,
  parseJobImages,
  pickTestimonials,
  rankSearch,
  reviewerName,
  searchScore,
  searchTokens,
  shouldSendServiceFilter,
  sortNonSurchargeFirst,
  sortServices,
  sortVendors,
  sortVendorServices,
  testimonialScgid,
  vendorPriceCents,
  verifyFlag,
  withoutCompletedCategory,
} from "./catalogue-rules";

const svc = (
  service_id: number,
  order_rank: number,
  extra: Partial<{ is_popular: boolean; surcharge: boolean }> = {},
) => ({
  service_id,
  order_rank,
  is_popular: false,
  surcharge: false,
  ...extra,
});
const ids = (list: { service_id: number }[]) => list.map((s) => s.service_id);

describe("service sorting (docs/product.md section 9)", () => {
  it("sorts services by order_rank descending, service_id breaking ties", () => {
    expect(ids(sortServices([svc(1, 5), svc(2, 9), svc(3, 5), svc(4, 0)]))).toEqual([2, 1, 3, 4]);
  });

  it("sorts a vendor's services popular first, then order_rank descending", () => {
    const list = [svc(1, 90), svc(2, 10, { is_popular: true }), svc(3, 50, { is_popular: true }), svc(4, 95)];
    expect(ids(sortVendorServices(list))).toEqual([3, 2, 4, 1]);
  });

  it("lists non-surcharge services first, then by order_rank", () => {
    const list = [svc(1, 99, { surcharge: true }), svc(2, 10), svc(3, 50), svc(4, 5, { surcharge: true })];
    expect(ids(sortNonSurchargeFirst(list))).toEqual([3, 2, 1, 4]);
  });

  it("does not change its input", () => {
    const list = [svc(1, 1), svc(2, 2)];
    sortServices(list);
    expect(ids(list)).toEqual([1, 2]);
  });
});

describe("category list (docs/product.md section 5 'Featured lists')", () => {
  const groups = [
    { service_code_group_id: 1, name: "Massage", display_order: 1 },
    { service_code_group_id: 2, name: "Nails", display_order: 2 },
    { service_code_group_id: 3, name: "Hair", display_order: 5 },
    { service_code_group_id: 10100, name: "Completed Orders", display_order: 0 },
  ];

  it("hides category 10100 unless asked for", () => {
    expect(categoryList(groups).map((g) => g.service_code_group_id)).toEqual([1, 2, 3]);
    expect(categoryList(groups, { showCompleted: true }).map((g) => g.service_code_group_id)).toEqual([10100, 1, 2, 3]);
  });

  it("gives the chosen category display_order 3 and puts it first among equals", () => {
    const list = categoryList([...groups, { service_code_group_id: 4, name: "Brows", display_order: 3 }], {
      chosen: 3,
    });
    expect(list.map((g) => [g.service_code_group_id, g.display_order])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 3],
    ]);
  });

  it("removes services of category 10100 on request", () => {
    const list = [
      { service_id: 1, service_code_group_id: 10100 },
      { service_id: 2, service_code_group_id: 7 },
    ];
    expect(withoutCompletedCategory(list)).toEqual([{ service_id: 2, service_code_group_id: 7 }]);
    expect(withoutCompletedCategory(list, true)).toHaveLength(2);
  });
});

describe("service filter (docs/product.md section 5): threshold 10", () => {
  it.each([
    [0, false, false],
    [3, false, true],
    [9, false, true],
    [10, false, false],
    [11, true, false],
    [-2, false, true],
  ])("value %d: send %s, verify %s", (value, send, verify) => {
    expect(shouldSendServiceFilter(value)).toBe(send);
    expect(verifyFlag(value)).toBe(verify);
  });

  it("treats a missing value as neither", () => {
    expect(shouldSendServiceFilter(null)).toBe(false);
    expect(verifyFlag(undefined)).toBe(false);
  });
});

describe("prices", () => {
  it("uses the area price, else the base price; a vendor override wins", () => {
    expect(areaPriceCents(9000, 11500)).toBe(11500);
    expect(areaPriceCents(9000, null)).toBe(9000);
    expect(vendorPriceCents(11500, 12000)).toBe(12000);
    expect(vendorPriceCents(11500, null)).toBe(11500);
  });
});

describe("paging: 10 a page, 1-based", () => {
  const list = Array.from({ length: 23 }, (_, i) => i);
  it("slices pages and says whether more exist", () => {
    expect(pageOf(list, 1)).toEqual({ items: list.slice(0, 10), page: 1, page_size: 10, more: true });
    expect(pageOf(list, 3)).toEqual({ items: [20, 21, 22], page: 3, page_size: 10, more: false });
    expect(pageOf(list.slice(0, 20), 2).more).toBe(false);
    expect(pageOf(list, 9).items).toEqual([]);
  });

  it("pages SQL rows by fetching one extra row", () => {
    expect(pageWindow(1)).toEqual({ limit: 11, offset: 0 });
    expect(pageWindow(3)).toEqual({ limit: 11, offset: 20 });
    expect(pageFromWindow(list.slice(0, 11), 1)).toEqual({
      items: list.slice(0, 10),
      page: 1,
      page_size: 10,
      more: true,
    });
    expect(pageFromWindow(list.slice(0, 10), 1).more).toBe(false);
  });
});

describe("search ranking", () => {
  const catalogue = [
    { name: "Deep Tissue Massage", category: "Massage", description: "Firm pressure for knots." },
    { name: "Swedish Massage", category: "Massage", description: "Long relaxing strokes." },
    { name: "Massage", category: "Massage", description: null },
    { name: "Gel Manicure", category: "Nails", description: "Lasts two weeks; no massage included." },
    { name: "Blowout", category: "Hair", description: null },
    { name: "Classic Pedicure", category: "Nails", description: "Includes a short foot massage." },
  ];

  it("normalises the term: case, punctuation, plural endings", () => {
    expect(searchTokens("  MASSAGES!! ")).toEqual(["massage"]);
    expect(searchTokens("Blowouts & haircuts")).toEqual(["blowout", "haircut"]);
    expect(searchTokens("glasses")).toEqual(["glass"]);
  });

  it("ranks an exact name over name words over descriptions, case-insensitive", () => {
    const ranked = rankSearch(catalogue, "massages", (x) => x);
    expect(ranked.map((x) => x.name)).toEqual([
      "Massage",
      "Deep Tissue Massage",
      "Swedish Massage",
      "Gel Manicure",
      "Classic Pedicure",
    ]);
  });

  it("prefers a name match inside the matching category", () => {
    const items = [
      { name: "Senior Manicure & Hand Massage", category: "Senior Services" },
      { name: "Hot Stone Massage", category: "Massage" },
    ];
    expect(rankSearch(items, "massage", (x) => x).map((x) => x.name)).toEqual([
      "Hot Stone Massage",
      "Senior Manicure & Hand Massage",
    ]);
  });

  it("matches category names and word prefixes, and needs every word", () => {
    expect(rankSearch(catalogue, "nails", (x) => x).map((x) => x.name)).toEqual(["Gel Manicure", "Classic Pedicure"]);
    expect(rankSearch(catalogue, "pedi", (x) => x).map((x) => x.name)).toEqual(["Classic Pedicure"]);
    expect(rankSearch(catalogue, "swedish nails", (x) => x)).toEqual([]);
    expect(searchScore(catalogue[4]!, "waxing")).toBe(0);
  });
});

describe("job images (docs/product.md section 3 'Completed order service')", () => {
  it("types testimonial 0, after 1, before 2 when other pictures exist", () => {
    const entries = jobImageEntries(parseJobImages('{"before":["b1"],"after":["a1","a2"],"testimonial":["t1"]}'));
    expect(entries).toEqual([
      { type: 0, file: "t1" },
      { type: 1, file: "a1" },
      { type: 1, file: "a2" },
      { type: 2, file: "b1" },
    ]);
    expect(lastJobImage(entries)).toBe("b1");
  });

  it("types a lone before picture 1", () => {
    const entries = jobImageEntries(parseJobImages('{"before":["b1","b2"],"after":[],"testimonial":[]}'));
    expect(entries).toEqual([
      { type: 1, file: "b1" },
      { type: 1, file: "b2" },
    ]);
    expect(lastJobImage(entries)).toBe("b2");
  });

  it("treats unreadable or missing JSON as no pictures", () => {
    expect(parseJobImages("{oops")).toEqual({ before: [], after: [], testimonial: [] });
    expect(parseJobImages(null)).toEqual({ before: [], after: [], testimonial: [] });
    expect(parseJobImages('{"before":"x","after":[1,"a"]}')).toEqual({ before: [], after: ["a"], testimonial: [] });
    expect(lastJobImage([])).toBeNull();
  });
});

describe("testimonials", () => {
  const t = (testimonial_id: number, service_id: number | null, display_order: number, scgid: number | null) => ({
    testimonial_id,
    service_id,
    display_order,
    scgid,
  });

  it("keeps at most 2 per service by display_order descending", () => {
    const rows = [t(1, 10, 1, 5), t(2, 10, 9, 5), t(3, 10, 5, 5), t(4, 20, 7, 6), t(5, 20, 8, 6), t(6, 20, 2, 6)];
    expect(pickTestimonials(rows).map((r) => r.testimonial_id)).toEqual([2, 5, 4, 3]);
  });

  it("moves those of the current category to the top", () => {
    const rows = [t(1, 10, 9, 5), t(2, 10, 3, 6)];
    expect(pickTestimonials(rows, { currentScgid: 6 }).map((r) => r.testimonial_id)).toEqual([2, 1]);
    expect(pickTestimonials(rows, { currentScgid: 99 }).map((r) => r.testimonial_id)).toEqual([1, 2]);
  });

  it("reads scgid from json_data, else falls back", () => {
    expect(testimonialScgid('{"scgid":7}', 3)).toBe(7);
    expect(testimonialScgid('{"scgid":"8"}')).toBe(8);
    expect(testimonialScgid("{}", 3)).toBe(3);
    expect(testimonialScgid("not json", null)).toBeNull();
  });

  it("names a missing customer Guest and shortens reviewers to a last initial", () => {
    expect(displayName(null)).toBe("Guest");
    expect(displayName("   ")).toBe("Guest");
    expect(displayName(" Ava ")).toBe("Ava");
    expect(reviewerName("Ava  Marie brooks")).toBe("Ava B.");
    expect(reviewerName("Cher")).toBe("Cher");
    expect(reviewerName(undefined)).toBe("Guest");
  });
});

describe("vendor directory order", () => {
  const v = (
    vendor_id: number,
    distance_miles: number,
    rating_avg_x100: number,
    rating_count: number,
    price: number | null,
  ) => ({
    vendor_id,
    distance_miles,
    rating_avg_x100,
    rating_count,
    starting_price_cents: price,
  });
  const list = [v(1, 5, 480, 10, 9000), v(2, 1, 450, 40, 12000), v(3, 3, 480, 25, null), v(4, 1, 490, 2, 9000)];
  const order = (sort?: Parameters<typeof sortVendors>[1]) => sortVendors(list, sort).map((x) => x.vendor_id);

  it("defaults to nearest first, vendor_id breaking ties", () => {
    expect(order()).toEqual([2, 4, 3, 1]);
  });
  it("sorts by rating, then review count", () => {
    expect(order("rating")).toEqual([4, 3, 1, 2]);
  });
  it("sorts by starting price, vendors without one last", () => {
    expect(order("price")).toEqual([4, 1, 2, 3]);
  });
  it("sorts by review count", () => {
    expect(order("reviews")).toEqual([2, 3, 1, 4]);
  });
});
