import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { BecomeAPro } from "../features/pro/components/become-a-pro";

export const Route = createFileRoute("/become-a-pro")({
  head: () => ({ meta: [{ title: `Become a pro | ${BRAND.name}` }] }),
  component: BecomeAPro,
});
