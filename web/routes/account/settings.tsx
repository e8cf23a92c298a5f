import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ProfileSettings } from "../../features/account/components/profile-settings";

export const Route = createFileRoute("/account/settings")({
  head: () => ({ meta: [{ title: `My Account | ${BRAND.name}` }] }),
  component: ProfileSettings,
});
