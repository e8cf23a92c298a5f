import type { ReactNode } from "react";

export interface Post {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  readMinutes: number;
  tone: number;
  body: ReactNode;
}

export const POSTS: Post[] = [
  {
    slug: "prepare-for-an-at-home-massage",
    title: "How to get your home ready for a massage",
    excerpt:
      "Ten quiet minutes of preparation turn a massage at home into a proper retreat. Here's our therapists' list.",
    category: "Wellness",
    date: "2026-02-18",
    readMinutes: 4,
    tone: 1,
    body: (
      <>
        <p>
          The best part of a massage at home is what happens afterwards: no drive, no bright lobby, just your sofa and a
          glass of water. A little preparation before your therapist arrives makes the hour itself just as calm. We
          asked the massage therapists on Glow At Home what helps them do their best work.
        </p>
        <h2>Find the space</h2>
        <p>
          A massage table is about 6 feet long and 2 feet wide, and your therapist needs room to walk all the way around
          it. An area of roughly 8 by 10 feet is ideal: a living room with the coffee table moved aside, or a bedroom
          with space at the foot of the bed. Carpet or a rug is fine; the table has a stable base.
        </p>
        <h2>Set the temperature</h2>
        <p>
          You'll be lying still under a sheet, so the room should feel a touch warmer than usual. Around 74°F (23°C)
          suits most people. Close windows if it's breezy and turn off ceiling fans that blow directly on the table.
        </p>
        <h2>Dim the lights and quiet the house</h2>
        <ul>
          <li>Soft lamps beat overhead lights. Draw the curtains if the sun is strong.</li>
          <li>Put your phone on do-not-disturb and leave it in another room.</li>
          <li>Let everyone at home know when the session runs, and settle pets somewhere comfortable.</li>
          <li>Your therapist usually brings music, but feel free to play your own or ask for silence.</li>
        </ul>
        <h2>Before they arrive</h2>
        <p>
          Take a warm shower if you can; it relaxes the muscles and means your therapist can start straight away. Skip a
          heavy meal in the hour before. Have a glass of water ready for afterwards, and think about what you'd like to
          focus on: a stiff neck from the laptop, tired legs after a run, or simply an hour to switch off.
        </p>
        <blockquote>Tell us what hurts and what you'd like to feel afterwards. That's the whole brief.</blockquote>
        <h2>Afterwards</h2>
        <p>
          Stay lying down for a couple of minutes once your therapist steps away, then get up slowly. Drink water, keep
          the evening gentle, and notice how you feel the next day. If you loved it, you can book the same therapist
          again from My Orders.
        </p>
      </>
    ),
  },
  {
    slug: "make-your-blowout-last",
    title: "Seven ways to make your blowout last all week",
    excerpt: "A great blowout can see you from Monday's meeting to Friday dinner. Our stylists share their habits.",
    category: "Hair",
    date: "2026-01-27",
    readMinutes: 5,
    tone: 0,
    body: (
      <>
        <p>
          A professional blowout at home is one of the most booked services on Glow At Home, and the most common
          question our stylists hear is how to keep it. With a few habits, most hair types hold a blowout for four to
          six days.
        </p>
        <h2>1. Start with clean, conditioned hair</h2>
        <p>
          Your stylist will usually wash and condition first. If you'd rather wash yourself before they arrive, use a
          light conditioner only on the lengths; heavy masks at the root weigh a style down sooner.
        </p>
        <h2>2. Let it cool completely</h2>
        <p>
          Hair sets as it cools. Avoid tying it up or running your hands through it for the first half hour after your
          appointment, however tempting.
        </p>
        <h2>3. Sleep on silk</h2>
        <p>
          A silk or satin pillowcase reduces friction and frizz. For longer hair, a loose, high bun on top of your head
          (a "pineapple") held with a soft scrunchie keeps the ends smooth and the root lifted.
        </p>
        <h2>4. Keep water away</h2>
        <p>
          Steam undoes a blowout faster than anything. Wear a shower cap, and keep showers a little cooler and shorter
          during blowout week. On rainy days, a hat or hood is your friend.
        </p>
        <h2>5. Use dry shampoo before you need it</h2>
        <p>
          Apply a light mist at the roots on day two or three, before hair looks oily, and brush it through after a few
          minutes. It absorbs oil as it appears instead of trying to rescue it later.
        </p>
        <h2>6. Refresh, don't restyle</h2>
        <p>
          Big velcro rollers at the crown for ten minutes while you get ready bring volume back without heat. If you
          reach for a hot tool, keep it to the front pieces and use heat protection.
        </p>
        <h2>7. Book the next one</h2>
        <p>
          Many of our clients keep a standing weekly or fortnightly blowout. A recurring booking keeps the same stylist
          and the same time, and you can pause it whenever you travel.
        </p>
      </>
    ),
  },
  {
    slug: "healthy-pedicure-guide",
    title: "A healthy pedicure: what to expect and what to ask for",
    excerpt: "A pedicure should leave your feet healthier than it found them. Here's what good practice looks like.",
    category: "Nails",
    date: "2025-12-09",
    readMinutes: 4,
    tone: 5,
    body: (
      <>
        <p>
          An at-home pedicure has one clear advantage over the salon: the tools and the foot bath are used for you alone
          that day. Our nail professionals follow the same hygiene standard on every visit, and it helps to know what
          that looks like.
        </p>
        <h2>What good hygiene looks like</h2>
        <ul>
          <li>Metal tools come sterilised and sealed, and are opened in front of you.</li>
          <li>Files, buffers and pumice are new for each client, or yours to keep.</li>
          <li>The foot basin is lined with a fresh disposable liner.</li>
          <li>
            Your professional washes or sanitises their hands before starting and wears gloves if they have a cut.
          </li>
        </ul>
        <h2>Cuticles and calluses</h2>
        <p>
          Cuticles protect the nail from infection, so a good pedicure pushes them back gently and trims only loose,
          dead skin. Calluses are there to protect you too: they should be smoothed, not removed entirely. Ask your
          professional to go easy if you run or walk a lot.
        </p>
        <h2>When to wait</h2>
        <p>
          Skip a pedicure if you have a cut, a fresh tattoo or an infection on your feet or lower legs, and avoid
          shaving your legs for a day beforehand. If you have diabetes or circulation problems, mention it when you book
          so your professional can adapt the treatment, and check with your doctor first.
        </p>
        <h2>Making the colour last</h2>
        <p>
          Regular polish on toes lasts around two weeks, gel closer to three or four. Wear open shoes for an hour after
          a regular polish, and re-apply a top coat after a week to keep the shine.
        </p>
      </>
    ),
  },
  {
    slug: "beauty-at-home-for-older-adults",
    title: "Beauty at home for older adults: comfort first",
    excerpt: "A haircut or manicure at home can mean a great deal to a parent or grandparent. How to make it easy.",
    category: "Senior services",
    date: "2025-11-14",
    readMinutes: 4,
    tone: 3,
    body: (
      <>
        <p>
          For someone who finds getting to a salon tiring, a visit at home from a hairdresser or nail technician is more
          than a convenience: it's a familiar ritual kept alive. Our Senior Services are designed around comfort, time
          and patience, and families often book them for a parent or grandparent.
        </p>
        <h2>Booking for someone else</h2>
        <p>
          You can book from your own account and enter the service address where your relative lives. Add a note with
          anything the professional should know: mobility, hearing, memory, or the best way to get in. You'll get the
          confirmation and updates by text, so you stay in the loop.
        </p>
        <h2>Give it a little more time</h2>
        <p>
          Senior Services include extra time as standard, so nobody feels rushed. Professionals are happy to work with
          the client seated in their favourite chair or, where needed, in bed.
        </p>
        <h2>Popular choices</h2>
        <ul>
          <li>A wash and set, or a simple cut to keep hair easy to manage.</li>
          <li>A gentle manicure and hand massage, which many people find very calming.</li>
          <li>Foot care and a pedicure, adapted for anyone with diabetes or thin skin.</li>
        </ul>
        <h2>Regular visits</h2>
        <p>
          A recurring appointment with the same professional builds trust and gives the week a shape. You can set it up
          once and pause or change it whenever plans change.
        </p>
      </>
    ),
  },
];

export function findPost(slug: string): Post | undefined {
  return POSTS.find((p) => p.slug === slug);
}

export function formatPostDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}
