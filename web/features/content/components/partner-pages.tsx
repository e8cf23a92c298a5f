import { BRAND } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { BriefcaseIcon, HeartIcon, SparkleIcon, StarIcon } from "../../../components/ui/icons";

function PartnerCallout({ title, text, subject }: { title: string; text: string; subject: string }) {
  return (
    <div className="callout">
      <div>
        <h2>{title}</h2>
        <p>{text}</p>
      </div>
      <a
        className="button button-primary"
        href={`mailto:${BRAND.partnersEmail}?subject=${encodeURIComponent(subject)}`}
      >
        Email {BRAND.partnersEmail}
      </a>
    </div>
  );
}

export function AffiliatesPage() {
  return (
    <Page
      eyebrow="Affiliate program"
      title="Share what you love, earn on every first booking"
      intro="For creators, editors and sites that write about beauty, wellness and home life. Recommend at-home services your audience will actually use."
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <SparkleIcon />
          </div>
          <h3>Commission on new clients</h3>
          <p>Earn a commission on the first booking of every new client who arrives through your link.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <StarIcon />
          </div>
          <h3>A 30-day window</h3>
          <p>Your link is remembered for 30 days, so readers who book later still count.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <BriefcaseIcon />
          </div>
          <h3>Monthly payouts</h3>
          <p>Clear monthly statements and payment by bank transfer once your balance passes the minimum.</p>
        </div>
      </div>
      <div className="prose">
        <h2>Who it's for</h2>
        <p>
          Beauty and wellness writers, newsletter authors, video creators and lifestyle sites with an audience in the
          areas we serve. We review every application and look for honest, well-made content; we don't accept coupon
          aggregators or paid search on our brand name.
        </p>
        <h2>How to join</h2>
        <p>
          Email us a link to your site or channel and a sentence about your audience. Approved affiliates receive their
          tracking link, brand assets and a contact on our partnerships team.
        </p>
      </div>
      <PartnerCallout
        title="Apply to the affiliate program"
        text="We reply to every application within five business days."
        subject="Affiliate application"
      />
    </Page>
  );
}

export function AmbassadorsPage() {
  return (
    <Page
      eyebrow="Ambassadors"
      title="Bring your people to Glow At Home"
      intro="Ambassadors are clients and professionals who love what we do and tell friends, colleagues and neighbours about it."
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <HeartIcon />
          </div>
          <h3>Your own referral code</h3>
          <p>Every account has a referral code. Friends who sign up with it get credit on their first booking.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <SparkleIcon />
          </div>
          <h3>Credit for you</h3>
          <p>When a friend completes their first appointment, you receive account credit in My Wallet.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <StarIcon />
          </div>
          <h3>Ambassador perks</h3>
          <p>Our most active ambassadors get early access to new services and invitations to local events.</p>
        </div>
      </div>
      <div className="prose">
        <h2>How referrals work</h2>
        <ol>
          <li>Find your referral code in My Account.</li>
          <li>
            Share your link: <strong>glowathome.com/?referral=YOURCODE</strong>. It opens the signup form with your code
            already filled in.
          </li>
          <li>Your friend books and completes their first appointment; you both get your credit.</li>
        </ol>
        <p>
          Credits are for personal referrals. Posting codes on coupon sites or referring yourself isn't allowed and may
          cancel the credit.
        </p>
      </div>
      <div className="callout">
        <div>
          <h2>Want to do more?</h2>
          <p>If you run a club, a studio or a community group, talk to us about a group ambassador program.</p>
        </div>
        <div className="empty-actions" style={{ marginTop: 0 }}>
          <AppLink href="/account/settings" className="button button-primary">
            Find my referral code
          </AppLink>
          <a className="button button-secondary" href={`mailto:${BRAND.partnersEmail}?subject=Ambassadors`}>
            Contact us
          </a>
        </div>
      </div>
    </Page>
  );
}

export function AlliancesPage() {
  return (
    <Page
      eyebrow="Alliances"
      title="Partnerships that bring care closer to home"
      intro="We work with businesses whose guests, residents and employees value beauty and wellness services delivered where they are."
    >
      <ul className="next-steps">
        <li>
          <h3>Hotels and short-stay rentals</h3>
          <p>In-room massage, blowouts and makeup for guests, booked by your concierge team or directly by guests.</p>
        </li>
        <li>
          <h3>Residential buildings</h3>
          <p>A resident perk for apartment and condo communities, with pop-up days in shared spaces.</p>
        </li>
        <li>
          <h3>Senior living</h3>
          <p>Regular hair and nail days with patient, experienced professionals and simple billing for families.</p>
        </li>
        <li>
          <h3>Employers and wellness programs</h3>
          <p>Chair massage and grooming days at the office, or credits employees can use at home.</p>
        </li>
      </ul>
      <div className="prose" style={{ marginTop: 32 }}>
        <h2>What an alliance includes</h2>
        <ul>
          <li>A named partnerships manager and a single monthly invoice.</li>
          <li>Professionals vetted to our standard, with insurance certificates on request.</li>
          <li>Co-branded booking links and materials for your guests or team.</li>
        </ul>
        <p>
          For office and event bookings you can also start with our <AppLink href="/connect">business services</AppLink>
          .
        </p>
      </div>
      <PartnerCallout
        title="Let's talk"
        text="Tell us about your business and what you have in mind."
        subject="Alliance inquiry"
      />
    </Page>
  );
}
