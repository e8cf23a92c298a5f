import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { WalletPage } from "../../features/wallet/components/wallet-page";

export const Route = createFileRoute("/account/wallet")({
  head: () => ({ meta: [{ title: `My Wallet | ${BRAND.name}` }] }),
  component: WalletPage,
});
