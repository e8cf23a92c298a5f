import { createFileRoute } from "@tanstack/react-router";
import { HelpPage } from "../features/content/components/help-page";
import { FAQ } from "../features/content/data/faq";
import { pageHead } from "../lib/seo/head";
import { faqLd } from "../lib/seo/json-ld";
import { plainText } from "../lib/seo/plain-text";

export const Route = createFileRoute("/help")({
  head: () =>
    pageHead({
      title: "Help center",
      description:
        "Answers about booking, prices, cancelling and rescheduling, payments, tips and safety for at-home beauty, spa and massage visits.",
      path: "/help",
      jsonLd: faqLd(
        FAQ.flatMap((group) => group.items.map((item) => ({ question: item.q, answer: plainText(item.a) }))),
      ),
    }),
  component: HelpPage,
});
