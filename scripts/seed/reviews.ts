/** Review comments for seeded ratings. {v} is the vendor's first name. */

export type ReviewTopic =
  | "massage"
  | "style"
  | "haircut"
  | "color"
  | "hair"
  | "nails"
  | "makeup"
  | "facial"
  | "brows"
  | "lashes"
  | "men"
  | "senior"
  | "vip"
  | "business";

const GENERIC: Record<3 | 4 | 5, string[]> = {
  5: [
    "{v} was wonderful from start to finish. On time, professional and so easy to talk to. Already booked again!",
    "Absolutely worth it. {v} set up in minutes and left everything spotless.",
    "Best at-home appointment I've had. {v} really listened to what I wanted.",
    "So convenient, and the results were perfect. Thank you {v}!",
    "Five stars isn't enough. {v} is a true professional and a delight.",
    "Booked last minute for a busy week and {v} made it feel effortless. Highly recommend.",
  ],
  4: [
    "Great service overall. {v} arrived about ten minutes late but made up for it.",
    "Really happy with the result. Setup took a little longer than I expected.",
    "Very good: professional, friendly and tidy. Would book {v} again.",
    "Lovely experience. I'd have liked a bit more time for the finishing touches.",
  ],
  3: [
    "It was okay. {v} was friendly but arrived 25 minutes late and seemed rushed.",
    "Decent service, but the result wasn't quite what we discussed beforehand.",
    "Fine, but not as relaxing as I hoped. The setup felt cramped in my space.",
  ],
};

const TOPICAL: Record<ReviewTopic, Partial<Record<3 | 4 | 5, string[]>>> = {
  massage: {
    5: [
      "{v} found knots I didn't know I had. I slept like a baby that night.",
      "Perfect pressure and such a calming presence. The heated table was a lovely touch.",
      "My lower back is noticeably better after one session with {v}.",
    ],
    4: ["Good massage, though I'd have liked slightly firmer pressure. I'll ask for it next time."],
    3: ["Pressure was too light for me, even after I asked for more."],
  },
  style: {
    5: [
      "My blowout lasted five days! {v} is a magician with a round brush.",
      "The style held all night and looked amazing in photos.",
    ],
    4: ["Gorgeous volume. It started to fall a little by the end of the evening."],
    3: ["Pretty, but it fell flat within a few hours."],
  },
  haircut: {
    5: [
      "{v} gave me exactly the cut from my photos and suggested a tweak that made it even better.",
      "Best haircut I've had in years, and no salon wait.",
    ],
    4: ["Nice cut, just a little shorter than I asked for, but it's growing on me!"],
    3: ["The cut is uneven at the back. {v} offered to come back and fix it, which I appreciated."],
  },
  color: {
    5: [
      "The color came out gorgeous and even. {v} brought a whole salon setup to my kitchen.",
      "Exactly the soft, sun-kissed shade I wanted. Worth every minute.",
    ],
    4: ["Lovely color, though it took longer than quoted."],
    3: ["The color came out a bit brassier than I wanted. {v} offered to fix it, which I appreciated."],
  },
  hair: {
    5: [
      "{v} is incredibly skilled and so gentle with my hair.",
      "My hair has never felt this smooth. Already rebooked with {v}.",
    ],
    4: ["Great work overall; it took a little longer than planned."],
  },
  nails: {
    5: [
      "Cleanest, neatest nails I've ever had done. Two weeks later and not a single chip.",
      "{v}'s massage at the end was heavenly. My hands and feet have never looked better.",
      "Loved the color selection. {v} has such a steady hand!",
    ],
    4: ["Pretty polish and very relaxing. One nail needed a small touch-up the next day."],
    3: ["The polish started chipping after a few days. The appointment itself was pleasant."],
  },
  makeup: {
    5: [
      "{v} did my makeup for a wedding and it lasted through hours of dancing.",
      "I felt like the best version of myself. {v} listened to exactly what I wanted.",
    ],
    4: ["Beautiful work. It took a little longer than planned, so I was nearly late for my event."],
    3: ["Nice enough, but the look was heavier than the soft glam I asked for."],
  },
  facial: {
    5: [
      "My skin is glowing. {v} explained every step and recommended products without any pressure to buy.",
      "So relaxing, and my skin looked clearer the very next day.",
    ],
    4: ["Lovely facial. I had a little redness afterwards, but it settled by the evening."],
    3: ["Pleasant, but I didn't notice much difference in my skin."],
  },
  brows: {
    5: [
      "My brows have never looked this good. {v} mapped them perfectly to my face.",
      "Quick, nearly painless and super clean. {v} is my new go-to.",
    ],
    4: ["Great shape; a few stray hairs were missed, but overall very happy."],
    3: ["A little more painful than I expected, and one side is slightly thinner."],
  },
  lashes: {
    5: [
      "The lash set is light, fluffy and exactly the look I asked for.",
      "I fell asleep during the appointment and woke up with perfect lashes.",
    ],
    4: ["Beautiful lashes. A couple came loose in the first week."],
    3: ["They look nice but feel heavier than I hoped."],
  },
  men: {
    5: [
      "Sharpest fade I've had in years. {v} was quick, clean and friendly.",
      "The hot towel shave was a real treat. Highly recommend {v}.",
    ],
    4: ["Solid cut and great conversation. The line-up could have been a touch crisper."],
  },
  senior: {
    5: [
      "{v} was so patient and kind with my mother. She hasn't stopped talking about her appointment.",
      "Gentle, warm and professional. {v} made my dad feel completely at ease.",
    ],
    4: ["Very gentle with my grandmother. Arrived a little late but called ahead to let us know."],
  },
  vip: {
    5: [
      "We booked the VIP package for my sister's birthday and {v} made it unforgettable.",
      "Worth every penny. {v} turned our apartment into a five-star spa.",
    ],
  },
  business: {
    5: ["Our team loved it. {v} was punctual and kept everything running smoothly."],
    4: ["Great morale boost for the office. We'll book a longer session next quarter."],
  },
};

export function reviewComment(
  pick: <T>(list: readonly T[]) => T,
  topic: ReviewTopic,
  rating: 3 | 4 | 5,
  vendorFirst: string,
): string {
  const topical = TOPICAL[topic][rating] ?? [];
  const pool = [...topical, ...topical, ...GENERIC[rating]];
  return pick(pool).replaceAll("{v}", vendorFirst);
}
