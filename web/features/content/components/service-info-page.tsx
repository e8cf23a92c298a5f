import { telHref } from "../../../config/brand";
import { AreaBar, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CheckIcon, ClockIcon, HomeIcon, ShieldIcon, SparkleIcon } from "../../../components/ui/icons";
import { useShell } from "../../../stores/shell-context";

const BRINGS: Array<{ category: string; items: string[]; prep: string }> = [
  {
    category: "Massage",
    items: [
      "A padded, heated massage table",
      "Fresh linens, bolsters and face cradle cover",
      "Oils or lotion (unscented on request)",
      "A speaker with calm music",
    ],
    prep: "A clear space about 7 × 10 feet (2 × 3 m), ideally near an outlet. A warm room helps you relax.",
  },
  {
    category: "Hair",
    items: [
      "Professional tools: dryer, irons, brushes and clips",
      "Shampoo, conditioner and styling products",
      "A cape and towels",
      "A portable shampoo bowl for color and cuts",
    ],
    prep: "A chair near a sink and an outlet, with good light. Come with clean, dry hair for blowouts and updos unless told otherwise.",
  },
  {
    category: "Nails",
    items: [
      "Sterilised tools in sealed pouches",
      "Single-use files and buffers",
      "Polishes, gels and an LED lamp",
      "Basins and towels for pedicures",
    ],
    prep: "A table and two chairs, and a spot by an outlet for gel curing. Remove old polish if you can.",
  },
  {
    category: "Makeup, skin and lashes",
    items: [
      "Sanitised brushes and single-use applicators",
      "Skin-prep and long-wear products",
      "A lamp or ring light",
      "A reclining pillow or bed for lash work",
    ],
    prep: "A seat by a window or good light. Arrive with a clean, moisturised face; for lashes, skip mascara that day.",
  },
];

/**
 * /serviceinfo: what to expect from an at-home visit: getting ready, what the pro brings, the visit itself,
 * paying and changes. Linked from every service page. No default header or footer (docs/product.md section 2).
 */
export function ServiceInfoPage() {
  const { supportPhone } = useShell();
  return (
    <>
      <AreaBar title="Service info">
        <AppLink href="/services" className="button button-secondary button-sm">
          Browse services
        </AppLink>
      </AreaBar>
      <Page
        title="What to expect from your visit"
        eyebrow="At-home beauty, spa and massage"
        intro="Everything happens in your space, at your pace. Here's how to get ready, what your pro brings, and what happens before, during and after the appointment."
      >
        <div className="info-steps">
          <section className="info-step" aria-labelledby="info-before">
            <div className="info-step-icon" aria-hidden="true">
              <HomeIcon size={22} />
            </div>
            <h2 id="info-before">Before your pro arrives</h2>
            <ul className="info-list">
              <li>
                <CheckIcon size={16} /> Clear a space with room to work, good light and an outlet nearby.
              </li>
              <li>
                <CheckIcon size={16} /> Put pets in another room, and let building staff know someone is coming.
              </li>
              <li>
                <CheckIcon size={16} /> Add parking or entry instructions at checkout so your pro finds you quickly.
              </li>
              <li>
                <CheckIcon size={16} /> Tell us about allergies, injuries or pregnancy when you book, so your pro can
                plan for you.
              </li>
            </ul>
          </section>

          <section className="info-step" aria-labelledby="info-during">
            <div className="info-step-icon" aria-hidden="true">
              <ClockIcon size={22} />
            </div>
            <h2 id="info-during">During the visit</h2>
            <ul className="info-list">
              <li>
                <CheckIcon size={16} /> Your pro texts when they're on the way and arrives at the time you booked.
              </li>
              <li>
                <CheckIcon size={16} /> Setting up takes about 10 to 15 minutes and isn't part of your service time.
              </li>
              <li>
                <CheckIcon size={16} /> Say what you like and what you don't. Adjusting pressure, style or products is
                part of the job.
              </li>
              <li>
                <CheckIcon size={16} /> Your pro packs up and leaves your space as they found it.
              </li>
            </ul>
          </section>

          <section className="info-step" aria-labelledby="info-after">
            <div className="info-step-icon" aria-hidden="true">
              <SparkleIcon size={22} />
            </div>
            <h2 id="info-after">After, and if plans change</h2>
            <ul className="info-list">
              <li>
                <CheckIcon size={16} /> You pay when you book, with the card you choose at checkout. Tipping is optional
                and goes entirely to your pro.
              </li>
              <li>
                <CheckIcon size={16} /> Rate your pro from My Orders. Ratings below 4 stars reach our care team.
              </li>
              <li>
                <CheckIcon size={16} /> Changes are free up to 24 hours before. Reschedule from My Orders; your pro
                confirms the new time.
              </li>
            </ul>
          </section>
        </div>

        <section className="info-section" aria-labelledby="info-brings">
          <h2 className="service-block-title" id="info-brings">
            What your pro brings
          </h2>
          <p className="info-intro">You don't need to buy or set up anything. Here's what to expect by service type.</p>
          <div className="info-grid">
            {BRINGS.map((b) => (
              <article key={b.category} className="info-card">
                <h3>{b.category}</h3>
                <ul>
                  {b.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <p className="info-prep">
                  <strong>Your part:</strong> {b.prep}
                </p>
              </article>
            ))}
          </div>
        </section>

        <section className="callout info-callout" aria-labelledby="info-safety">
          <div className="info-step-icon" aria-hidden="true">
            <ShieldIcon size={22} />
          </div>
          <div>
            <h2 id="info-safety">Safe, checked and insured</h2>
            <p>
              Every pro passes an identity check, a background check and a license review, and is rated by clients after
              every visit. If anything isn't right, call us at <a href={telHref(supportPhone)}>{supportPhone}</a> and
              we'll make it right.
            </p>
          </div>
        </section>

        <div className="empty-actions info-actions">
          <AppLink href="/services" className="button button-primary">
            Browse services
          </AppLink>
          <AppLink href="/help" className="button button-secondary">
            Questions? Visit Help
          </AppLink>
        </div>
      </Page>
    </>
  );
}
