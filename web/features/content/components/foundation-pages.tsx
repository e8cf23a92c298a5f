import { BRAND } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { HeartIcon, ShieldIcon, SparkleIcon } from "../../../components/ui/icons";

export function FoundationPage() {
  return (
    <Page
      eyebrow={BRAND.foundationName}
      title="Care that helps people feel like themselves"
      intro="Illness, loss and hardship can take away the small rituals that make us feel like ourselves. The Foundation brings them back, at home and at no cost."
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <HeartIcon />
          </div>
          <h3>During treatment</h3>
          <p>
            Gentle massage, scalp care, wig fitting and styling, and manicures adapted for people going through cancer
            treatment, by professionals trained in oncology-aware care.
          </p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <ShieldIcon />
          </div>
          <h3>Starting again</h3>
          <p>
            Haircuts and styling before job interviews and court dates for people leaving shelters, working with the
            caseworkers who support them.
          </p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <SparkleIcon />
          </div>
          <h3>Caregivers</h3>
          <p>
            An hour of rest for family caregivers who rarely get one: a massage at home while someone else steps in.
          </p>
        </div>
      </div>
      <div className="prose">
        <h2>How it's funded</h2>
        <p>
          {BRAND.name} gives a share of every booking's platform fee to the Foundation, and our professionals donate
          their time at reduced rates, which the Foundation pays so that nobody works for free. Clients can round up
          their tip or donate credits from My Wallet.
        </p>
        <h2>How services are arranged</h2>
        <p>
          We work through hospitals, shelters and community organisations, who refer people to us. That keeps referrals
          private and means the care fits alongside the other support someone is receiving. Recipients never pay
          anything and are never asked to share their story.
        </p>
        <h2>Refer someone or partner with us</h2>
        <p>
          If you work with an organisation that could refer clients, or you'd like to volunteer as a professional, write
          to <a href={`mailto:${BRAND.foundationEmail}`}>{BRAND.foundationEmail}</a>.
        </p>
      </div>
      <div className="callout">
        <div>
          <h2>Who we've helped</h2>
          <p>See the organisations and programs the Foundation supports.</p>
        </div>
        <AppLink href="/foundation-recipients" className="button button-primary">
          Foundation recipients
        </AppLink>
      </div>
    </Page>
  );
}

const PROGRAMS = [
  {
    title: "Cancer care centres",
    text: "Oncology social workers refer patients for at-home massage, scalp care and wig styling during treatment, when a trip to a salon is out of the question.",
  },
  {
    title: "Domestic violence shelters",
    text: "Residents preparing for interviews, court dates and new homes get a haircut and styling with a professional who comes to the shelter.",
  },
  {
    title: "Hospice and palliative care teams",
    text: "Hand and foot massage and simple grooming for patients at home, and a restful hour for the family members caring for them.",
  },
  {
    title: "Senior living communities",
    text: "Regular hair and nail days for residents on limited incomes, organised with the community's activity coordinators.",
  },
];

export function FoundationRecipientsPage() {
  return (
    <Page
      eyebrow={BRAND.foundationName}
      title="Foundation recipients"
      intro="The Foundation works through partner organisations who know the people they serve. These are the programs we support today."
    >
      <ul className="next-steps">
        {PROGRAMS.map((p) => (
          <li key={p.title}>
            <h3>{p.title}</h3>
            <p>{p.text}</p>
          </li>
        ))}
      </ul>
      <div className="prose" style={{ marginTop: 32 }}>
        <h2>Privacy comes first</h2>
        <p>
          We don't publish the names or stories of the people who receive services. Partner organisations handle
          referrals, and our professionals are asked to treat every Foundation visit with the same discretion as any
          other appointment.
        </p>
        <h2>Become a partner organisation</h2>
        <p>
          Registered non-profits, hospitals and public agencies in the areas we serve can apply to refer clients. Write
          to <a href={`mailto:${BRAND.foundationEmail}`}>{BRAND.foundationEmail}</a> with a short description of your
          program and the people it supports, and we'll reply within two weeks.
        </p>
      </div>
    </Page>
  );
}
