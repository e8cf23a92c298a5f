import { createFileRoute } from "@tanstack/react-router";
import { HelpPage } from "../features/content/components/help-page";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/help")({
  // The FAQ's structured data is built in the loader from a chunk of its own, so the FAQ stays out of the
  // entry bundle every page loads (docs/decisions/176); on the server the loader's answer rides in the page.
  loader: async () => {
    const { helpFaqLd } = await import("../features/content/seo/help-faq-ld");
    return { faqLd: helpFaqLd() };
  },
  head: ({ loaderData }) =>
    pageHead({
      title: "Help center",
      description:
        "Answers about booking, prices, cancelling and rescheduling, payments, tips and safety for at-home beauty, spa and massage visits.",
      path: "/help",
      jsonLd: loaderData?.faqLd,
    }),
  component: HelpPage,
});
