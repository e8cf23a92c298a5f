import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessProfile } from "../../features/pro/components/business-profile";

export const Route = createFileRoute("/business/profile")({
  head: () => ({ meta: [{ title: `Profile | ${BRAND.name}` }] }),
  component: BusinessProfile,
});
