import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { ReschedulePage } from "../features/links/components/link-pages";

export const Route = createFileRoute("/reschedule")({
  head: () => ({ meta: [{ title: `Reschedule | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: ReschedulePage,
});
