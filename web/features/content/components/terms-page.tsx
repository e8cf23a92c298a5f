import { BRAND } from "../../../config/brand";
import {
  FREE_CANCELLATION_HOURS,
  LATE_CANCELLATION_FEE_TEXT,
  NO_SHOW_FEE_TEXT,
  NO_SHOW_WAIT_TEXT,
} from "../../../../domain/policy-text";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  {
    id: "about",
    title: "Who we are and what we do",
    body: (
      <>
        <p>
          {BRAND.name} is operated by {BRAND.legalName} ("we", "us"). We run an online marketplace that connects people
          who want beauty, spa, massage and similar services at home ("clients") with independent professionals who
          provide them ("professionals").
        </p>
        <p>
          We are not a salon or a spa and we do not perform services ourselves. Each professional runs their own
          business and is responsible for the services they provide. We vet professionals, set standards, process
          payments and support both sides when something goes wrong.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <p>
          You must be at least 18 years old to create an account. You agree to give accurate information, keep your
          password private and tell us promptly if you think someone else has used your account. Your mobile number is
          how we confirm your identity, so you may change it only through our care team.
        </p>
        <p>
          You may book services for another adult, or for a minor in your care if you or another adult will be present
          for the whole appointment.
        </p>
      </>
    ),
  },
  {
    id: "bookings",
    title: "Bookings",
    body: (
      <>
        <p>
          Services, availability and prices depend on the service address you give us. When you book, you make a request
          for a service at the time you choose; it becomes confirmed once a professional accepts it, and we tell you by
          text. If no professional can accept it, we cancel it, refund you in full and tell you by text.
        </p>
        <p>
          You agree to provide a safe, suitable space for the service, to be present (or have the client present) at the
          start time, and to tell us about anything the professional should know, such as pets, allergies or health
          conditions relevant to the service.
        </p>
      </>
    ),
  },
  {
    id: "prices-payment",
    title: "Prices and payment",
    body: (
      <>
        <p>
          Prices are shown before you book and include the professional's travel to you. Taxes are added where required.
          We charge your payment method when you book; for a professional's recurring appointments, we charge 24 hours
          before each one.
        </p>
        <p>
          Payments are processed by our payment provider. By saving a payment method you authorise us to charge it for
          bookings you make, for agreed additional charges (for example, an extra service requested during the visit)
          and for fees under these terms. Tips are optional and are paid in full to the professional.
        </p>
      </>
    ),
  },
  {
    id: "cancellations",
    title: "Cancellations, rescheduling and no-shows",
    body: (
      <>
        <p>
          You may cancel free of charge more than {FREE_CANCELLATION_HOURS} hours before the start time, or while no
          professional has accepted the booking. Within {FREE_CANCELLATION_HOURS} hours, including after the
          professional has set off, we keep a cancellation fee of {LATE_CANCELLATION_FEE_TEXT} and refund the rest the
          way you paid. Rescheduling has no fee, and the new time needs the professional's agreement. If the
          professional cannot reach you at the address {NO_SHOW_WAIT_TEXT} after the arrival time, we keep a no-show fee
          of {NO_SHOW_FEE_TEXT}.
        </p>
        <p>
          If a professional cancels or cannot attend, we will try to find another professional for the same time, or
          refund you in full.
        </p>
      </>
    ),
  },
  {
    id: "credits",
    title: "Gift cards, credits and promotions",
    body: (
      <p>
        Gift cards and account credits can be used only on {BRAND.name} and have no cash value, except where the law
        requires otherwise. They do not expire while your account is open. Promotional credits may have their own
        conditions, which we will show when you receive them. Referral credits are for genuine personal referrals; we
        may withdraw credits obtained through self-referral, fake accounts or public coupon listings.
      </p>
    ),
  },
  {
    id: "conduct",
    title: "Respect and safety",
    body: (
      <>
        <p>
          Everyone is entitled to a safe, respectful appointment. Harassment, discrimination, requests for services we
          don't offer, and any sexual conduct are strictly prohibited and will lead to the end of the appointment and
          the account. Professionals may refuse or stop a service if they feel unsafe, and will be paid where the client
          is responsible.
        </p>
        <p>
          Please don't arrange services with a professional you met through {BRAND.name} outside the platform for twelve
          months after meeting; it removes the protections these terms give you both.
        </p>
      </>
    ),
  },
  {
    id: "issues",
    title: "If something goes wrong",
    body: (
      <p>
        Tell us within 48 hours of your appointment if a service wasn't performed as described. We'll review it with you
        and the professional and, where appropriate, arrange a correction, a credit or a refund. Reports of damage or
        injury should be made as soon as possible; professionals are required to carry liability insurance for the
        services they provide.
      </p>
    ),
  },
  {
    id: "reviews",
    title: "Ratings and content",
    body: (
      <p>
        Ratings and reviews must reflect your genuine experience. By posting a review or photos you give us a licence to
        display them on {BRAND.name}. We may remove content that is false, abusive, or reveals someone's private
        information.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Our responsibility",
    body: (
      <>
        <p>
          We provide the marketplace with reasonable care and skill. To the extent the law allows, we are not liable for
          indirect or consequential losses, and our total liability to you in connection with a booking is limited to
          the amount you paid for it. Nothing in these terms limits liability that cannot be limited by law, including
          for death or personal injury caused by negligence, or for fraud.
        </p>
        <p>
          Professionals are independent and are responsible for the services they perform, subject to our obligations to
          vet them and to handle issues fairly.
        </p>
      </>
    ),
  },
  {
    id: "ending",
    title: "Closing your account",
    body: (
      <p>
        You can close your account at any time by contacting us. We may suspend or close an account that breaks these
        terms, is used fraudulently or puts others at risk, and will tell you why unless the law prevents it. Unused
        gift card balances will be refunded on closure where the law requires it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes and contact",
    body: (
      <p>
        We may update these terms; we will give you notice of material changes before they apply to your bookings. These
        terms are governed by the laws of the State of California, without affecting protections you have under the law
        of your own state. Questions? Write to {BRAND.supportEmail} or to {BRAND.legalName}, {BRAND.mailingAddress}.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms and conditions"
      intro={
        <p>
          These terms apply when you use {BRAND.name} to browse, book or pay for services. Please read them with our
          Privacy Policy. By creating an account or making a booking you agree to them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
