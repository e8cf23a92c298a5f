import { createFileRoute } from "@tanstack/react-router";
import { MembershipPage } from "../features/membership/components/membership-pages";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/membership")({
  head: () =>
    pageHead({
      title: "Beauty membership",
      description:
        "Members save on every at-home beauty, spa and massage service for one monthly fee. What the membership includes and how it works.",
      path: "/membership",
    }),
  component: MembershipPage,
});
