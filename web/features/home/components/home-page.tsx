import { isAdmin } from "../../../../domain/roles";
import { BRAND } from "../../../config/brand";
import { AppLink } from "../../../components/ui/app-link";
import {
  CalendarIcon,
  CheckIcon,
  ClockIcon,
  HeartIcon,
  ShieldIcon,
  SparkleIcon,
  StarIcon,
} from "../../../components/ui/icons";
import { categoryHref, SPECIAL_CATEGORY } from "../../../lib/paths";
import { useShell } from "../../../stores/shell-context";
import { BookByZip } from "./book-by-zip";
import { FavouritePros } from "../../../components/visit/favourite-pros";

export function HomePage() {
  return (
    <>
      <Hero />
      <FavouritePros limit={4} />
      <CategoryTiles />
      <HowItWorks />
      <Trust />
      <AppPromo />
    </>
  );
}

function Hero() {
  return (
    <section className="hero">
      <div className="container hero-inner">
        <div>
          <p className="eyebrow">At-home beauty, spa &amp; massage</p>
          <h1 className="hero-title">
            Your glow, <em>delivered</em> to your door.
          </h1>
          <p className="hero-sub">
            Book vetted hair stylists, nail artists, makeup artists and massage therapists who come to you, with clear
            prices for your ZIP code before you book.
          </p>
          <BookByZip />
          <ul className="hero-trust">
            <li>
              <CheckIcon size={16} /> Vetted, insured pros
            </li>
            <li>
              <CheckIcon size={16} /> Upfront prices by ZIP
            </li>
            <li>
              <CheckIcon size={16} /> Free changes up to 24 hours before
            </li>
          </ul>
        </div>
        <div className="hero-art" aria-hidden="true">
          <HeroStillLife />
          <div className="hero-chip hero-chip-b">
            <CalendarIcon />
            <div>
              <strong>Today, 6:30 pm</strong>
              <span>Blowout at home</span>
            </div>
          </div>
          <div className="hero-chip hero-chip-a">
            <SparkleIcon />
            <div>
              <strong>Your pro is on the way</strong>
              <span>Arriving in 25 min</span>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A calm spa still life (towels, candle, stones, eucalyptus), drawn inline so the hero needs no image request. */
function HeroStillLife() {
  return (
    <svg className="hero-svg" viewBox="0 0 400 500" preserveAspectRatio="xMidYMax slice" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f6e0d6" />
          <stop offset="1" stopColor="#eac3b3" />
        </linearGradient>
        <linearGradient id="hero-towel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fffaf6" />
          <stop offset="1" stopColor="#f1e6dd" />
        </linearGradient>
        <linearGradient id="hero-towel2" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d8e3d6" />
          <stop offset="1" stopColor="#bfd0bd" />
        </linearGradient>
      </defs>
      <rect width="400" height="500" fill="url(#hero-sky)" />
      <circle cx="292" cy="128" r="58" fill="#fbeee6" opacity="0.8" />
      <rect x="0" y="392" width="400" height="108" fill="#d9a995" />
      <rect x="0" y="392" width="400" height="6" fill="#c9957f" opacity="0.5" />
      <g>
        <path d="M118 186 C 112 250, 120 300, 128 392" stroke="#7f9a7a" strokeWidth="3" fill="none" />
        <g fill="#93ad8e">
          <ellipse cx="104" cy="214" rx="16" ry="10" transform="rotate(-25 104 214)" />
          <ellipse cx="136" cy="236" rx="16" ry="10" transform="rotate(25 136 236)" />
          <ellipse cx="108" cy="262" rx="17" ry="11" transform="rotate(-20 108 262)" />
          <ellipse cx="140" cy="290" rx="17" ry="11" transform="rotate(22 140 290)" />
          <ellipse cx="112" cy="318" rx="17" ry="11" transform="rotate(-18 112 318)" />
          <ellipse cx="120" cy="192" rx="12" ry="8" transform="rotate(-60 120 192)" />
        </g>
        <path d="M104 300 h48 l-6 92 h-36 z" fill="#f7efe9" opacity="0.85" />
      </g>
      <g>
        <rect x="176" y="352" width="170" height="40" rx="18" fill="url(#hero-towel2)" />
        <rect x="186" y="314" width="150" height="40" rx="18" fill="url(#hero-towel)" />
        <rect x="196" y="280" width="130" height="36" rx="16" fill="#f3d9cf" />
        <path d="M186 334 h150" stroke="#e6d8cc" strokeWidth="2" />
      </g>
      <g>
        <rect x="236" y="222" width="50" height="58" rx="8" fill="#fffaf6" />
        <rect x="236" y="238" width="50" height="10" fill="#5b2a45" opacity="0.85" />
        <path d="M261 222 v-8" stroke="#4f434b" strokeWidth="2" />
        <path d="M261 186 c 9 12, 7 22, 0 26 c -7 -4, -9 -14, 0 -26 z" fill="#f7c26b" />
        <path d="M261 196 c 4 6, 3 11, 0 13 c -3 -2, -4 -7, 0 -13 z" fill="#fff3d6" />
      </g>
      <g>
        <ellipse cx="88" cy="412" rx="36" ry="13" fill="#6f6369" />
        <ellipse cx="92" cy="394" rx="26" ry="11" fill="#8a7d84" />
        <ellipse cx="94" cy="381" rx="16" ry="8" fill="#a4989e" />
      </g>
    </svg>
  );
}

const GLYPHS = [<SparkleIcon key="s" />, <HeartIcon key="h" />, <StarIcon key="st" />, <ClockIcon key="c" />];

function CategoryTiles() {
  const { categories, viewer } = useShell();
  const visible = categories.filter(
    (c) => c.service_code_group_id !== SPECIAL_CATEGORY.completedOrders || (viewer !== null && !isAdmin(viewer)),
  );
  return (
    <section className="section" aria-labelledby="categories-title">
      <div className="container">
        <div className="section-head">
          <div>
            <h2 className="section-title" id="categories-title">
              What would you like today?
            </h2>
            <p className="section-sub">Pick a category to see the services and prices available where you are.</p>
          </div>
          <AppLink href="/services" className="button button-secondary">
            All services
          </AppLink>
        </div>
        {visible.length > 0 ? (
          <ul className="tiles">
            {visible.map((c, i) => (
              <li key={c.service_code_group_id}>
                <AppLink href={categoryHref(c.service_code_group_id)} className={`tile tone-${i % 6}`}>
                  <span className="tile-glyph" aria-hidden="true">
                    {GLYPHS[i % GLYPHS.length]}
                  </span>
                  <span className="tile-name">{c.name}</span>
                  <span className="tile-meta">
                    {c.services.length > 0
                      ? `${c.services.length} service${c.services.length === 1 ? "" : "s"}`
                      : "Explore"}
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <div className="tiles-empty">
            <p>
              Our service menu is loading. You can already enter your ZIP code above, or{" "}
              <AppLink href="/services">browse all services</AppLink>.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section className="section section-alt" aria-labelledby="how-title">
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">How it works</p>
            <h2 className="section-title" id="how-title">
              Salon-quality care, without the commute
            </h2>
          </div>
        </div>
        <ol className="steps">
          <li className="step">
            <h3>Tell us where</h3>
            <p>Enter your ZIP code or address. We show the services, prices and pros that serve your area.</p>
          </li>
          <li className="step">
            <h3>Choose a time</h3>
            <p>Pick your service and a time that suits you, from as soon as 90 minutes from now to weeks ahead.</p>
          </li>
          <li className="step">
            <h3>Relax, we come to you</h3>
            <p>Your pro arrives with everything needed. Pay securely in the app and tip if you'd like.</p>
          </li>
        </ol>
      </div>
    </section>
  );
}

function Trust() {
  return (
    <section className="section" aria-labelledby="trust-title">
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">Our promise</p>
            <h2 className="section-title" id="trust-title">
              Care you can trust at home
            </h2>
            <p className="section-sub">
              Inviting someone into your home is personal. Here's what we do before anyone rings your doorbell.
            </p>
          </div>
        </div>
        <div className="trust-grid">
          <div className="feature">
            <div className="feature-icon">
              <ShieldIcon />
            </div>
            <h3>Checked and licensed</h3>
            <p>
              Every pro passes an identity check, a background check and a license review where their state requires
              one.
            </p>
          </div>
          <div className="feature">
            <div className="feature-icon">
              <StarIcon />
            </div>
            <h3>Rated after every visit</h3>
            <p>Clients rate each appointment. Pros who fall below our standards stop receiving bookings.</p>
          </div>
          <div className="feature">
            <div className="feature-icon">
              <CheckIcon />
            </div>
            <h3>Prices before you book</h3>
            <p>You see the full price for your ZIP code up front. No travel fees added at the door.</p>
          </div>
          <div className="feature">
            <div className="feature-icon">
              <HeartIcon />
            </div>
            <h3>We make it right</h3>
            <p>If something isn't right, tell us within 48 hours and our care team will fix it or credit you.</p>
          </div>
        </div>
      </div>
    </section>
  );
}

function AppPromo() {
  return (
    <section className="section" aria-labelledby="app-title" style={{ paddingTop: 0 }}>
      <div className="container">
        <div className="app-promo">
          <div>
            <h2 className="section-title" id="app-title">
              {BRAND.name}, one tap away
            </h2>
            <p>Add us to your phone's home screen and booking again takes seconds.</p>
            <ul>
              <li>
                <CheckIcon size={18} /> Rebook your favourite pro
              </li>
              <li>
                <CheckIcon size={18} /> See your pro and arrival time in My Orders
              </li>
              <li>
                <CheckIcon size={18} /> Keep your credits and gift cards in one wallet
              </li>
            </ul>
            <AppLink href="/help#app" className="button button-primary">
              How to add it to your phone
            </AppLink>
          </div>
          <div className="phone-art" aria-hidden="true">
            <div className="phone-screen">
              <i />
              <i />
              <b />
              <b />
              <i />
              <em />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
