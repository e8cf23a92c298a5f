/**
 * Demo pictures drawn as SVG, so the seeded site has vendor portraits, before/after job photos and
 * service illustrations without shipping image files or fetching anything. Pure and deterministic: the
 * same key always gives the same picture; the key alone seeds the choices.
 *
 * Keys (served by worker/media/demo.ts as /media/demo/<key>.svg):
 * - `vendor-<n>`   a friendly abstract portrait on a soft gradient
 * - `before-<n>`   a muted "before" job picture (nails, hair or facial, by n)
 * - `after-<n>`    the matching brighter, polished "after" picture (same theme and colours as before-<n>)
 * - `service-<slug>` an illustration themed by the service's category words in the slug
 * - `user`         the default user picture
 * Anything else gives null. n is 1 to 99999; a slug is lower-case words joined by hyphens.
 */

const MAX_N = 99_999;

/** FNV-1a, 32 bit. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded generator, so choices depend only on the key. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

const BACKGROUNDS = [
  ["#fde2e4", "#fad2e1"],
  ["#e2ece9", "#bee1e6"],
  ["#fff1e6", "#fde4cf"],
  ["#dfe7fd", "#cddafd"],
  ["#ede9fe", "#fbcfe8"],
  ["#d1fae5", "#bae6fd"],
  ["#fef3c7", "#fed7aa"],
  ["#fce7f3", "#e0e7ff"],
] as const;
const SKIN = ["#f8d9c4", "#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#6b4226"] as const;
const HAIR = ["#2b1d14", "#4a2f1f", "#6b3e26", "#a0522d", "#d4a373", "#1f1f1f", "#8b5a2b", "#c9a36b"] as const;
const SHIRT = ["#6d5dfc", "#e76f51", "#2a9d8f", "#e9a23b", "#264653", "#c2185b", "#7b2cbf", "#3a86ff"] as const;
const POLISH = ["#e63973", "#d62839", "#9b5de5", "#f15bb5", "#ff6f59", "#c9184a", "#3a86ff", "#b5179e"] as const;

function gradient(id: string, a: string, b: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

function svg(w: number, h: number, label: string, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

/** A four-pointed sparkle centred at (x, y). */
function sparkle(x: number, y: number, s: number, fill: string): string {
  const q = s * 0.28;
  return `<path d="M${x} ${y - s}Q${x + q} ${y - q} ${x + s} ${y}Q${x + q} ${y + q} ${x} ${y + s}Q${x - q} ${y + q} ${x - s} ${y}Q${x - q} ${y - q} ${x} ${y - s}Z" fill="${fill}"/>`;
}

function label(x: number, y: number, text: string, bg: string, fg: string): string {
  const w = text.length * 9 + 20;
  return `<rect x="${x}" y="${y}" width="${w}" height="24" rx="12" fill="${bg}"/><text x="${x + w / 2}" y="${y + 16.5}" font-family="Helvetica,Arial,sans-serif" font-size="13" font-weight="700" text-anchor="middle" fill="${fg}">${text}</text>`;
}

// ---------------------------------------------------------------- portraits

function portrait(seed: string, r: Rand, opts: { neutral: boolean }): string {
  const id = `v${hash(seed).toString(36)}`;
  const [bgA, bgB] = opts.neutral ? ["#eef0f4", "#d9dee7"] : pick(r, BACKGROUNDS);
  const skin = opts.neutral ? "#c3cad6" : pick(r, SKIN);
  const hair = opts.neutral ? "#9aa3b2" : pick(r, HAIR);
  const shirt = opts.neutral ? "#aeb6c4" : pick(r, SHIRT);
  const style = opts.neutral ? -1 : int(r, 0, 4);
  let back = "";
  let front = "";
  if (style === 1) back = `<path d="M58 100Q54 42 100 40Q146 42 142 100L150 168Q100 180 50 168Z" fill="${hair}"/>`;
  if (style === 3) {
    back = [
      [64, 70],
      [136, 70],
      [58, 100],
      [142, 100],
      [70, 130],
      [130, 130],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="20" fill="${hair}"/>`)
      .join("");
  }
  if (style === 2) front += `<circle cx="100" cy="46" r="17" fill="${hair}"/>`;
  if (style >= 0) {
    front += `<path d="M64 96Q60 54 100 52Q140 54 136 96Q128 72 104 70Q84 76 64 96Z" fill="${hair}"/>`;
  }
  if (style === 4)
    front += `<path d="M70 112Q74 150 100 154Q126 150 130 112Q118 128 100 128Q82 128 70 112Z" fill="${hair}"/>`;
  const face = opts.neutral
    ? ""
    : `<circle cx="87" cy="98" r="3.6" fill="#2b2b2b"/><circle cx="113" cy="98" r="3.6" fill="#2b2b2b"/>` +
      `<circle cx="80" cy="110" r="6" fill="#f28b82" opacity=".35"/><circle cx="120" cy="110" r="6" fill="#f28b82" opacity=".35"/>` +
      `<path d="M90 114Q100 ${int(r, 121, 125)} 110 114" stroke="#7a3e2e" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  const deco = opts.neutral
    ? ""
    : sparkle(int(r, 26, 44), int(r, 26, 50), 9, "#ffffff") +
      `<circle cx="${int(r, 150, 176)}" cy="${int(r, 28, 52)}" r="${int(r, 6, 12)}" fill="#ffffff" opacity=".5"/>`;
  return svg(
    200,
    200,
    opts.neutral ? "User" : "Vendor portrait",
    gradient(`${id}b`, bgA, bgB),
    `<rect width="200" height="200" fill="url(#${id}b)"/>${deco}${back}` +
      `<path d="M28 200Q32 150 100 146Q168 150 172 200Z" fill="${shirt}"/>` +
      `<rect x="88" y="118" width="24" height="34" rx="10" fill="${skin}"/>` +
      `<ellipse cx="100" cy="98" rx="34" ry="40" fill="${skin}"/>${front}${face}`,
  );
}

// ---------------------------------------------------------------- before / after

type Phase = "before" | "after";

function nailsScene(r: Rand, phase: Phase, skin: string, polish: string): string {
  const after = phase === "after";
  // A hand seen from above: palm and four fingers, a thumb to the side.
  const fingers: [number, number, number][] = [
    [112, 60, 86],
    [142, 44, 100],
    [172, 48, 96],
    [202, 66, 80],
  ];
  let s = `<path d="M100 230Q96 150 112 134L224 134Q238 160 230 230Z" fill="${skin}"/>`;
  s += `<rect x="70" y="120" width="30" height="74" rx="15" fill="${skin}" transform="rotate(-38 85 157)"/>`;
  for (const [x, y, h] of fingers) {
    s += `<rect x="${x}" y="${y}" width="26" height="${h + 20}" rx="13" fill="${skin}"/>`;
    const len = after ? 26 : int(r, 14, 24);
    const fill = after ? polish : "#eadbd2";
    s += `<rect x="${x + 4}" y="${y + 3}" width="18" height="${len}" rx="9" fill="${fill}"${after ? "" : ' stroke="#cbb5a9" stroke-width="1.5"'}/>`;
    if (after) s += `<rect x="${x + 8}" y="${y + 7}" width="4" height="12" rx="2" fill="#ffffff" opacity=".7"/>`;
  }
  return s;
}

function hairScene(r: Rand, phase: Phase, skin: string, hair: string): string {
  const after = phase === "after";
  // A head in profile from behind-left with shoulder-length hair.
  let s = `<path d="M92 240Q96 196 160 188Q224 196 228 240Z" fill="${after ? "#ffffff" : "#c9c4bd"}"/>`;
  s += `<ellipse cx="160" cy="112" rx="50" ry="58" fill="${skin}"/>`;
  if (after) {
    s += `<path d="M104 118Q100 48 160 46Q222 48 218 118L226 186Q200 204 160 196Q120 204 96 186Z" fill="${hair}"/>`;
    s += `<path d="M126 70Q160 54 196 72" stroke="#ffffff" stroke-width="6" fill="none" opacity=".45" stroke-linecap="round"/>`;
    s += `<path d="M116 110Q120 160 112 184M204 110Q200 160 208 184" stroke="#ffffff" stroke-width="3" fill="none" opacity=".3"/>`;
  } else {
    s += `<path d="M104 118Q100 48 160 46Q222 48 218 118L226 186Q200 204 160 196Q120 204 96 186Z" fill="${hair}" opacity=".85"/>`;
    let strands = "";
    for (let i = 0; i < 9; i++) {
      const x = int(r, 96, 224);
      const y = int(r, 40, 150);
      strands += `M${x} ${y}l${int(r, -14, 14)} ${int(r, -18, -6)}l${int(r, -12, 12)} ${int(r, -14, -4)}`;
    }
    s += `<path d="${strands}" stroke="${hair}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  }
  return s;
}

function facialScene(r: Rand, phase: Phase, skin: string): string {
  const after = phase === "after";
  let s = `<path d="M84 240Q90 190 160 184Q230 190 236 240Z" fill="${after ? "#ffffff" : "#d6d0c8"}"/>`;
  // A towel wrap and a face with closed, relaxed eyes.
  s += `<ellipse cx="160" cy="80" rx="62" ry="40" fill="${after ? "#fdf6ec" : "#e7e1d8"}"/>`;
  s += `<ellipse cx="160" cy="118" rx="48" ry="58" fill="${skin}"/>`;
  s += `<path d="M112 82Q160 56 208 82Q190 70 160 70Q130 70 112 82Z" fill="${after ? "#f3e6d3" : "#d8d0c4"}"/>`;
  s += `<path d="M134 112q8 6 16 0M170 112q8 6 16 0" stroke="#3a2a22" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  if (after) {
    s += `<circle cx="134" cy="132" r="10" fill="#ff8fa3" opacity=".35"/><circle cx="186" cy="132" r="10" fill="#ff8fa3" opacity=".35"/>`;
    s += `<path d="M148 146Q160 156 172 146" stroke="#b5485d" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    s += `<ellipse cx="160" cy="118" rx="48" ry="58" fill="#ffffff" opacity=".12"/>`;
  } else {
    let spots = "";
    for (let i = 0; i < 6; i++)
      spots += `<circle cx="${int(r, 128, 192)}" cy="${int(r, 120, 158)}" r="2.4" fill="#b07a6a" opacity=".6"/>`;
    s += spots + `<path d="M148 150L172 150" stroke="#7a5a4e" stroke-width="3" stroke-linecap="round"/>`;
  }
  return s;
}

function jobPicture(key: string, n: number, phase: Phase): string {
  // Seeded by n (not the whole key) so before-<n> and after-<n> show the same person and colours.
  const r = rng(hash(`job-${n}`));
  const theme = (n - 1) % 3;
  const skin = pick(r, SKIN);
  const hair = pick(r, HAIR);
  const polish = pick(r, POLISH);
  const [bgA, bgB] = pick(r, BACKGROUNDS);
  const after = phase === "after";
  const id = `j${hash(key).toString(36)}`;
  const defs = after ? gradient(`${id}b`, bgA, bgB) : gradient(`${id}b`, "#d9d6d1", "#b9b4ad");
  let body = `<rect width="320" height="240" fill="url(#${id}b)"/>`;
  if (after) body += `<circle cx="160" cy="120" r="110" fill="#ffffff" opacity=".35"/>`;
  if (theme === 0) body += nailsScene(r, phase, skin, polish);
  else if (theme === 1) body += hairScene(r, phase, skin, hair);
  else body += facialScene(r, phase, skin);
  if (after) {
    body += sparkle(int(r, 30, 70), int(r, 40, 80), 12, "#ffffff");
    body += sparkle(int(r, 250, 290), int(r, 30, 70), 9, "#ffffff");
    body += sparkle(int(r, 260, 296), int(r, 150, 190), 7, "#fff7d6");
    body += label(12, 204, "AFTER", "#ffffff", "#c2185b");
  } else {
    body += `<rect width="320" height="240" fill="#6b6257" opacity=".12"/>`;
    body += label(12, 204, "BEFORE", "#5f5a54", "#f2efea");
  }
  const theme_name = ["Nails", "Hair", "Facial"][theme]!;
  return svg(320, 240, `${theme_name}, ${phase}`, defs, body);
}

// ---------------------------------------------------------------- service illustrations

type Motif =
  | "massage"
  | "hair"
  | "nails"
  | "makeup"
  | "facial"
  | "brows"
  | "lashes"
  | "men"
  | "senior"
  | "vip"
  | "business"
  | "gift"
  | "spa";

/** Most specific words first: "chair-massage" is business before massage; "brow-lamination" is brows. */
const MOTIF_WORDS: [Motif, string[]][] = [
  ["gift", ["gift", "card", "credit"]],
  ["business", ["corporate", "office", "business", "connect", "chair", "team", "station"]],
  ["senior", ["senior", "elder", "foundation", "care"]],
  ["vip", ["vip", "luxury", "deluxe", "package", "day", "party", "carpet", "retreat"]],
  ["men", ["men", "mens", "beard", "shave", "barber", "fade", "gentleman", "groom"]],
  ["lashes", ["lash", "lashes", "extension", "extensions"]],
  ["brows", ["brow", "brows", "wax", "waxing", "threading", "tint", "lamination", "bikini", "leg"]],
  ["nails", ["nail", "nails", "manicure", "pedicure", "gel", "polish", "acrylic", "dip"]],
  ["makeup", ["makeup", "make", "glam", "bridal", "lip", "airbrush", "contour"]],
  [
    "facial",
    ["facial", "facials", "skin", "peel", "hydrafacial", "microdermabrasion", "mask", "acne", "glow", "dermaplaning"],
  ],
  [
    "hair",
    [
      "hair",
      "haircut",
      "haircuts",
      "cut",
      "blowout",
      "blowouts",
      "color",
      "colour",
      "highlights",
      "balayage",
      "braid",
      "braids",
      "updo",
      "keratin",
      "style",
      "styling",
      "trim",
      "silk",
      "press",
    ],
  ],
  [
    "massage",
    [
      "massage",
      "massages",
      "swedish",
      "deep",
      "tissue",
      "stone",
      "prenatal",
      "reflexology",
      "sports",
      "couples",
      "thai",
      "shiatsu",
      "aromatherapy",
      "lymphatic",
    ],
  ],
];

function motifFor(slug: string): Motif {
  const words = slug.split("-");
  for (const [motif, list] of MOTIF_WORDS) if (words.some((w) => list.includes(w)) || list.includes(slug)) return motif;
  return "spa";
}

const MOTIF_COLORS: Record<Motif, [string, string, string]> = {
  massage: ["#e8f5e9", "#c8e6c9", "#5b8c6a"],
  hair: ["#fff1e6", "#fcd5ce", "#b5654a"],
  nails: ["#fce4ec", "#f8bbd0", "#d81b60"],
  makeup: ["#fdf2f8", "#f5d0fe", "#a21caf"],
  facial: ["#ecfeff", "#cffafe", "#0e7490"],
  brows: ["#fef3c7", "#fde68a", "#92400e"],
  lashes: ["#ede9fe", "#ddd6fe", "#4c1d95"],
  men: ["#e0f2fe", "#bae6fd", "#0c4a6e"],
  senior: ["#fff7ed", "#fed7aa", "#c2410c"],
  vip: ["#1f1b2e", "#3b2f5c", "#f5c451"],
  business: ["#eef2ff", "#c7d2fe", "#3730a3"],
  gift: ["#fff1f2", "#fecdd3", "#e11d48"],
  spa: ["#f0fdfa", "#ccfbf1", "#0f766e"],
};

function motifArt(m: Motif, ink: string, r: Rand): string {
  const w = "#ffffff";
  switch (m) {
    case "massage":
      return `<ellipse cx="160" cy="160" rx="70" ry="18" fill="${ink}"/><ellipse cx="160" cy="128" rx="54" ry="16" fill="${ink}" opacity=".8"/><ellipse cx="160" cy="100" rx="38" ry="13" fill="${ink}" opacity=".65"/><path d="M160 86Q150 50 176 34Q182 66 160 86Z" fill="#81c784"/><path d="M160 86Q176 60 204 62Q190 86 160 86Z" fill="#a5d6a7"/>`;
    case "hair":
      return `<circle cx="118" cy="140" r="18" fill="none" stroke="${ink}" stroke-width="8"/><circle cx="118" cy="84" r="18" fill="none" stroke="${ink}" stroke-width="8"/><path d="M132 128L220 70M132 96L220 154" stroke="${ink}" stroke-width="9" stroke-linecap="round"/><rect x="208" y="150" width="70" height="14" rx="4" fill="${ink}" opacity=".7" transform="rotate(-20 243 157)"/>`;
    case "nails":
      return `<rect x="126" y="96" width="68" height="80" rx="16" fill="${ink}"/><rect x="146" y="54" width="28" height="46" rx="6" fill="#3d3d3d"/><rect x="138" y="110" width="14" height="40" rx="7" fill="${w}" opacity=".45"/><rect x="214" y="112" width="22" height="34" rx="11" fill="${ink}" opacity=".75"/><rect x="244" y="104" width="22" height="40" rx="11" fill="${ink}" opacity=".6"/>`;
    case "makeup":
      return `<rect x="112" y="110" width="36" height="70" rx="6" fill="#3d3d3d"/><path d="M116 110L116 76Q130 56 144 70L144 110Z" fill="${ink}"/><circle cx="214" cy="136" r="40" fill="${ink}" opacity=".25"/><circle cx="214" cy="136" r="28" fill="${ink}" opacity=".55"/><rect x="170" y="40" width="10" height="70" rx="5" fill="#8d6e63" transform="rotate(30 175 75)"/>`;
    case "facial":
      return `<ellipse cx="160" cy="110" rx="50" ry="62" fill="#f6d5c0"/><path d="M136 104q8 6 16 0M168 104q8 6 16 0" stroke="#3a2a22" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="140" cy="128" r="12" fill="#a5d6a7"/><circle cx="180" cy="128" r="12" fill="#a5d6a7"/><path d="M226 60q10 16 0 24q-10-8 0-24Z" fill="${ink}" opacity=".7"/><path d="M98 150q8 13 0 20q-8-7 0-20Z" fill="${ink}" opacity=".5"/>`;
    case "brows":
      return `<path d="M90 100Q130 64 170 92" stroke="${ink}" stroke-width="12" fill="none" stroke-linecap="round"/><path d="M190 92Q230 64 270 100" stroke="${ink}" stroke-width="12" fill="none" stroke-linecap="round"/><path d="M120 150L200 130L204 140L124 160Z" fill="#9e9e9e"/>`;
    case "lashes": {
      let l = "";
      for (let i = 0; i < 7; i++) {
        const x = 110 + i * 17;
        l += `M${x} ${116 - Math.round(Math.sin((i / 6) * Math.PI) * 26)}l${(i - 3) * 3} -22`;
      }
      return `<path d="M100 120Q160 60 220 120Q160 170 100 120Z" fill="${w}" stroke="${ink}" stroke-width="5"/><circle cx="160" cy="118" r="22" fill="${ink}"/><circle cx="168" cy="110" r="6" fill="${w}"/><path d="${l}" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`;
    }
    case "men":
      return `<path d="M100 120Q130 96 160 116Q190 96 220 120Q190 132 160 124Q130 132 100 120Z" fill="${ink}"/><rect x="200" y="60" width="16" height="96" rx="8" fill="#455a64" transform="rotate(25 208 108)"/><rect x="180" y="44" width="54" height="18" rx="4" fill="#b0bec5" transform="rotate(25 207 53)"/>`;
    case "senior":
      return `<path d="M160 170Q96 130 104 92Q112 62 140 68Q154 72 160 88Q166 72 180 68Q208 62 216 92Q224 130 160 170Z" fill="${ink}"/><circle cx="236" cy="60" r="10" fill="#ffd54f"/><circle cx="84" cy="150" r="7" fill="#ffd54f"/>`;
    case "vip":
      return `<path d="M100 150L110 80L140 112L160 66L180 112L210 80L220 150Z" fill="${ink}"/><rect x="100" y="150" width="120" height="16" rx="4" fill="${ink}" opacity=".8"/><circle cx="160" cy="122" r="8" fill="#e91e63"/>${sparkle(250, 60, 14, ink)}`;
    case "business":
      return `<rect x="110" y="60" width="100" height="120" rx="6" fill="${ink}"/>${[0, 1, 2, 3].map((row) => [0, 1, 2].map((c) => `<rect x="${124 + c * 26}" y="${74 + row * 24}" width="16" height="14" rx="2" fill="${w}" opacity=".8"/>`).join("")).join("")}`;
    case "gift":
      return `<rect x="110" y="96" width="100" height="80" rx="6" fill="${ink}"/><rect x="102" y="80" width="116" height="22" rx="5" fill="${ink}" opacity=".85"/><rect x="152" y="80" width="16" height="96" fill="${w}" opacity=".8"/><path d="M160 80Q130 50 126 72Q130 86 160 80Q190 50 194 72Q190 86 160 80Z" fill="${ink}" opacity=".7"/>`;
    case "spa":
    default: {
      let petals = "";
      for (let i = 0; i < 6; i++)
        petals += `<ellipse cx="160" cy="84" rx="14" ry="32" fill="${ink}" opacity=".${5 + (i % 3)}" transform="rotate(${i * 60 + int(r, 0, 8)} 160 116)"/>`;
      return `${petals}<circle cx="160" cy="116" r="14" fill="#ffd54f"/>`;
    }
  }
}

function serviceArt(slug: string): string {
  const r = rng(hash(`service-${slug}`));
  const motif = motifFor(slug);
  const [a, b, ink] = MOTIF_COLORS[motif];
  const id = `s${hash(slug).toString(36)}`;
  const light = motif === "vip" ? "#ffffff" : ink;
  let deco = "";
  for (let i = 0; i < 5; i++) {
    deco += `<circle cx="${int(r, 10, 310)}" cy="${int(r, 10, 190)}" r="${int(r, 3, 14)}" fill="${light}" opacity=".${int(r, 8, 20)}"/>`;
  }
  return svg(
    320,
    200,
    `${slug.replace(/-/g, " ")} illustration`,
    gradient(`${id}b`, a, b),
    `<rect width="320" height="200" fill="url(#${id}b)"/>${deco}${motifArt(motif, ink, r)}${sparkle(int(r, 34, 70), int(r, 30, 60), 8, "#ffffff")}`,
  );
}

// ---------------------------------------------------------------- entry

const NUMBERED = /^(vendor|before|after)-([1-9]\d{0,4})$/;
const SERVICE = /^service-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

export function renderDemoArt(key: string): string | null {
  if (key === "user") return portrait("user", rng(1), { neutral: true });
  const numbered = NUMBERED.exec(key);
  if (numbered) {
    const n = Number(numbered[2]);
    if (n > MAX_N) return null;
    const kind = numbered[1] as "vendor" | "before" | "after";
    if (kind === "vendor") return portrait(key, rng(hash(key)), { neutral: false });
    return jobPicture(key, n, kind);
  }
  const service = SERVICE.exec(key);
  if (service && key.length <= 96) return serviceArt(service[1]!);
  return null;
}

/** The service-illustration theme for a slug; exported for tests and for picking matching copy. */
export { motifFor as demoArtMotif };
