import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { ServiceInfoPage } from "../features/links/components/link-pages";

export const Route = createFileRoute("/serviceinfo")({
  head: () => ({ meta: [{ title: `Service info | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: ServiceInfoPage,
});
