import { BRAND } from "../../../config/brand";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  {
    id: "collect",
    title: "What we collect",
    body: (
      <>
        <p>We collect only what we need to run the marketplace:</p>
        <ul>
          <li>
            <strong>Account details</strong>: your name, mobile number, email, password (stored only as a secure hash),
            profile photo if you add one, and your referral code.
          </li>
          <li>
            <strong>Booking details</strong>: service addresses, ZIP codes, the services and times you book, notes you
            add for your professional, ratings and reviews.
          </li>
          <li>
            <strong>Payment details</strong>: handled by our payment provider. We receive the card brand, the last four
            digits and the expiry date, never the full number.
          </li>
          <li>
            <strong>Messages</strong>: texts and emails we send you, and your conversations with our care team.
          </li>
          <li>
            <strong>Device and usage</strong>: pages visited, browser type and a truncated user-agent string, used to
            keep the service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "use",
    title: "How we use it",
    body: (
      <ul>
        <li>To show services and prices for your area and to match you with professionals.</li>
        <li>To confirm your identity with one-time codes, and to protect accounts from misuse.</li>
        <li>To process payments, tips, refunds and credits.</li>
        <li>To send booking confirmations, reminders and updates. Marketing messages only with your consent.</li>
        <li>To handle questions and complaints, and to keep the marketplace safe and fair.</li>
      </ul>
    ),
  },
  {
    id: "share",
    title: "Who we share it with",
    body: (
      <>
        <p>
          Your professional receives what they need to perform your booking: your first name, the service address, the
          service, the time and your notes. They see your phone number only through masked calls and texts where
          available.
        </p>
        <p>
          We use service providers for payments, text messages, email, maps and hosting, under contracts that limit
          their use of your data to providing their service to us. We share information with authorities only when the
          law requires it or to protect someone's safety. We do not sell your personal information.
        </p>
      </>
    ),
  },
  {
    id: "local",
    title: "Information kept on your device",
    body: (
      <p>
        We keep your cart, chosen ZIP code and a few display preferences (for example, when you last dismissed a banner)
        in your browser's local storage, and a secure session cookie to keep you signed in. Logging out clears the
        session and these local settings. We don't use third-party advertising cookies.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        We keep account and booking records while your account is open and for up to seven years afterwards where tax
        and accounting law requires it. One-time codes expire after ten minutes. Messages to our care team are kept for
        two years. When data is no longer needed we delete or anonymise it.
      </p>
    ),
  },
  {
    id: "rights",
    title: "Your choices and rights",
    body: (
      <>
        <p>
          You can view and update your details in My Account at any time. You can ask us for a copy of your data, to
          correct it, or to delete it, and you can opt out of marketing messages with the link in any email or by
          replying STOP to a text.
        </p>
        <p>
          Depending on where you live (for example, California), you may have additional rights, including to know what
          we collect and to not be discriminated against for exercising your rights. Write to {BRAND.privacyEmail} and
          we'll respond within 30 days.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Connections are encrypted, passwords are stored as salted hashes, sessions use secure, HTTP-only cookies, and
        access to personal data within our team is limited to people who need it. No system is perfectly secure; if we
        ever learn of a breach that affects you, we will tell you promptly.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        {BRAND.name} is for adults. We do not knowingly collect information from children under 13. A parent or guardian
        may book services for a child in their care and remain responsible for that booking.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Changes and contact",
    body: (
      <p>
        If we change this policy in a meaningful way we'll tell you before the change applies. Questions or requests:{" "}
        {BRAND.privacyEmail}, or {BRAND.legalName}, {BRAND.mailingAddress}.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      intro={
        <p>
          This policy explains what personal information {BRAND.name} collects, why, and the choices you have. It
          applies to our website and to the texts and emails we send.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
