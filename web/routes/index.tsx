import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { HomePage } from "../features/home/components/home-page";

export const Route = createFileRoute("/")({
  head: () => ({ meta: [{ title: `${BRAND.name} | Book at-home beauty, spa and massage pros by ZIP` }] }),
  component: HomePage,
});
