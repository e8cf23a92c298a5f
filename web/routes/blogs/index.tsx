import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BlogIndex } from "../../features/blog/components/blog-index";

export const Route = createFileRoute("/blogs/")({
  head: () => ({ meta: [{ title: `The Glow Journal | ${BRAND.name}` }] }),
  component: BlogIndex,
});
