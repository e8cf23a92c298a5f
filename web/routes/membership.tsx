import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { MembershipPage } from "../features/membership/components/membership-pages";

export const Route = createFileRoute("/membership")({
  head: () => ({ meta: [{ title: `Beauty membership | ${BRAND.name}` }] }),
  component: MembershipPage,
});
