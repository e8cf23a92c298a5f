import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BlogIndex } from "../../features/blog/components/blog-index";
import { pageHead } from "../../lib/seo/head";

export const Route = createFileRoute("/blogs/")({
  head: () =>
    pageHead({
      title: "The Glow Journal",
      description: `Guides from ${BRAND.name}'s pros: getting ready for an at-home massage, making a blowout last, healthy pedicures and beauty at home at any age.`,
      path: "/blogs",
    }),
  component: BlogIndex,
});
