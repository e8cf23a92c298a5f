import type { ReactNode } from "react";
import { BRAND } from "../../../config/brand";
import {
  FREE_CANCELLATION_HOURS,
  LATE_CANCELLATION_FEE_TEXT,
  NO_SHOW_FEE_TEXT,
  NO_SHOW_WAIT_TEXT,
} from "../../../../domain/policy-text";

export interface FaqItem {
  id: string;
  q: string;
  a: ReactNode;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

/** The help center's questions and answers. Policies quoted here are the ones the product applies. */
export const FAQ: FaqGroup[] = [
  {
    id: "booking",
    title: "Booking",
    items: [
      {
        id: "how-to-book",
        q: "How do I book an appointment?",
        a: (
          <>
            <p>
              Enter your ZIP code or address on the home page, choose a service, then pick a date and time. Add it to
              your cart, review the details and check out. You'll get a confirmation by text, and your appointment
              appears under My Orders.
            </p>
            <p>You can browse and fill your cart without an account; we ask you to log in or sign up at checkout.</p>
          </>
        ),
      },
      {
        id: "how-soon",
        q: "How soon can someone come?",
        a: (
          <p>
            Same-day appointments start as soon as 90 minutes from now, where a professional near you is free. You can
            also book up to about three months ahead, which is the best way to get a popular time such as a Saturday
            morning or a wedding day.
          </p>
        ),
      },
      {
        id: "what-to-prepare",
        q: "What do I need to prepare at home?",
        a: (
          <p>
            Just a little space and good light. Your pro brings their tools and products; massage therapists bring a
            table, linens and oils. For hair services a chair near an outlet and a sink nearby helps. If you have pets,
            please let your pro know in the booking notes.
          </p>
        ),
      },
      {
        id: "groups",
        q: "Can I book for a group or an event?",
        a: (
          <p>
            Yes. Add one service per person to your cart, choosing the same time, and we match enough professionals to
            arrive together. For weddings, offices and larger events, see our business services or call us and we'll
            plan it with you.
          </p>
        ),
      },
    ],
  },
  {
    id: "prices",
    title: "Prices and location",
    items: [
      {
        id: "prices-by-zip",
        q: "Why do prices depend on my ZIP code?",
        a: (
          <>
            <p>
              Professionals travel to you, and the cost of doing so differs between a dense city and a quiet suburb.
              Rather than adding a travel fee at the door, we price each service for your area. Set your ZIP code with
              the location button in the header and every price you see is the price you pay before any tip.
            </p>
            <p>If you book for a different address, update the location first so the prices and availability match.</p>
          </>
        ),
      },
      {
        id: "areas",
        q: "Where do you offer services?",
        a: (
          <p>
            We serve a growing list of metro areas in the continental US. Enter your ZIP code: if professionals serve
            it, you'll see the services available there. If not yet, check back soon, as new areas open every month.
          </p>
        ),
      },
      {
        id: "hidden-fees",
        q: "Are there any other fees?",
        a: (
          <p>
            The checkout shows the full amount before you pay, including any taxes where they apply. Tips are optional
            and go entirely to your professional. Late cancellations may carry a fee, explained below.
          </p>
        ),
      },
    ],
  },
  {
    id: "changes",
    title: "Cancellations and rescheduling",
    items: [
      {
        id: "cancel",
        q: "How do I cancel, and is there a fee?",
        a: (
          <>
            <p>
              Open My Orders, choose the appointment and select Cancel. Cancelling more than {FREE_CANCELLATION_HOURS}{" "}
              hours before the start time is free, and so is cancelling while no professional has accepted it yet.
              Within {FREE_CANCELLATION_HOURS} hours (including once your pro is on the way), we keep a fee of{" "}
              {LATE_CANCELLATION_FEE_TEXT}, because your professional has set that time aside for you; the rest goes
              back the way you paid. If your pro can't reach you at the address {NO_SHOW_WAIT_TEXT} after the arrival
              time, the no-show fee is {NO_SHOW_FEE_TEXT}.
            </p>
            <p>If something unexpected happens, call us. We always look at the circumstances.</p>
          </>
        ),
      },
      {
        id: "reschedule",
        q: "Can I change the time of my appointment?",
        a: (
          <p>
            Yes. In My Orders choose Reschedule and pick one of your professional's free times. There is no fee; a
            longer or shorter service changes the price by the difference. Your professional has to agree to the new
            time: we hold it for them and text you their answer, and until they agree your appointment stays as booked.
            If they don't answer within 24 hours (and before the visit), the request lapses.
          </p>
        ),
      },
      {
        id: "pro-cancels",
        q: "What if my professional cancels or runs late?",
        a: (
          <p>
            It's rare, but if it happens we offer your booking to other professionals near you for the same time right
            away, and text you when one accepts. If none can take it, it is cancelled, refunded in full, and we text
            you. If your pro is running late, they can text you through us, and you can always call our care team.
          </p>
        ),
      },
    ],
  },
  {
    id: "pros",
    title: "Our professionals",
    items: [
      {
        id: "vetting",
        q: "How do you choose your professionals?",
        a: (
          <p>
            Every professional passes an identity check and a background check, and we review their license where their
            state requires one for the service. They show us their work and agree to our standards for hygiene, timing
            and conduct. After each appointment clients rate them, and professionals who fall below our standards stop
            receiving bookings.
          </p>
        ),
      },
      {
        id: "choose-pro",
        q: "Can I choose a specific professional?",
        a: (
          <p>
            Yes. Browse professionals near you under Find a pro, open their page to see their services, photos of their
            work and reviews, and book with them directly. After a great visit you can book the same person again from
            My Orders.
          </p>
        ),
      },
      {
        id: "become-pro",
        q: "I'm a stylist, nail artist or therapist. Can I join?",
        a: (
          <p>
            We'd love to hear from you. Independent professionals set their own availability and service area, and get
            paid weekly or instantly to their bank account. Call us or write to {BRAND.partnersEmail} to start an
            application.
          </p>
        ),
      },
    ],
  },
  {
    id: "payments",
    title: "Payments, credits and gift cards",
    items: [
      {
        id: "when-charged",
        q: "When am I charged?",
        a: (
          <p>
            When you book: the confirmation and its text show the amount charged, service fee included. If you cancel,
            the refund goes back the way you paid (card or account credit). You can pay by card, Apple Pay or Google
            Pay, and save a card for next time in My Wallet.
          </p>
        ),
      },
      {
        id: "credits",
        q: "How do credits work?",
        a: (
          <p>
            Credits come from gift cards you redeem, referrals and the occasional goodwill gesture from our care team.
            They sit in My Wallet and are applied automatically at checkout before your card is charged. Credits don't
            expire while your account is open.
          </p>
        ),
      },
      {
        id: "tips",
        q: "Should I tip, and how?",
        a: (
          <p>
            Tipping is appreciated but never required. You can add a tip after your appointment from My Orders or from
            the link we text you. 100% of the tip goes to your professional.
          </p>
        ),
      },
      {
        id: "security",
        q: "Is my payment information safe?",
        a: (
          <p>
            Card details are handled by our payment processor, which is certified to the highest level of the payment
            card industry's security standard. We never see or store your full card number.
          </p>
        ),
      },
    ],
  },
  {
    id: "account",
    title: "Your account",
    items: [
      {
        id: "password",
        q: "I forgot my password.",
        a: (
          <p>
            Choose Log In, then "Forgot password?". Enter your mobile number and we'll text you a 6-digit code to set a
            new password.
          </p>
        ),
      },
      {
        id: "change-phone",
        q: "How do I change my phone number?",
        a: (
          <p>
            Your phone number is how we confirm it's you, so it can't be changed online. Call or email us from the
            address on your account and we'll update it after a quick check. Your name, email, address and photo can be
            changed any time in My Account.
          </p>
        ),
      },
      {
        id: "app",
        q: "Is there an app?",
        a: (
          <>
            <p>
              Our site works like an app on your phone. On iPhone, open it in Safari, tap the Share button and choose
              "Add to Home Screen". On Android, open it in Chrome, tap the menu and choose "Add to Home screen" or
              "Install app". You'll get a {BRAND.shortName} icon that opens straight to your bookings.
            </p>
          </>
        ),
      },
      {
        id: "delete",
        q: "How do I close my account?",
        a: (
          <p>
            Email {BRAND.privacyEmail} from the address on your account, or call us. We'll close it once any upcoming
            appointments are completed or cancelled, and delete your data as described in our Privacy Policy.
          </p>
        ),
      },
    ],
  },
];
