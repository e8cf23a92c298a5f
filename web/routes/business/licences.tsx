import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessLicences } from "../../features/pro/components/business-licences";

export const Route = createFileRoute("/business/licences")({
  head: () => ({ meta: [{ title: `Licences | ${BRAND.name}` }] }),
  component: BusinessLicences,
});
