import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { NotFoundPage } from "../features/content/components/not-found";

export const Route = createFileRoute("/404")({
  head: () => ({ meta: [{ title: `Page not found | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: NotFoundPage,
});
