import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessConnectInfo } from "../../features/pro/components/business-connect-info";

export const Route = createFileRoute("/business/connect-info")({
  head: () => ({ meta: [{ title: `Connect details | ${BRAND.name}` }] }),
  component: BusinessConnectInfo,
});
