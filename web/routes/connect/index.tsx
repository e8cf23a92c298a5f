import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ConnectPage } from "../../features/connect/components/connect-pages";

export const Route = createFileRoute("/connect/")({
  head: () => ({ meta: [{ title: `Business services | ${BRAND.name}` }] }),
  component: ConnectPage,
});
