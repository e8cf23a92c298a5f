import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { PayoutOnboardingScreen } from "../../features/business-money/onboarding-page";

export const Route = createFileRoute("/business/payouts-onboarding")({
  head: () => ({ meta: [{ title: `Payout account | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: PayoutOnboardingScreen,
});
