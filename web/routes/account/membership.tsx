import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { AccountMembershipPage } from "../../features/membership/components/membership-pages";

export const Route = createFileRoute("/account/membership")({
  head: () => ({ meta: [{ title: `Membership | ${BRAND.name}` }] }),
  component: AccountMembershipPage,
});
