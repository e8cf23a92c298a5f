import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ProductsPage } from "../../features/business/components/products-page";

export const Route = createFileRoute("/business/products")({
  head: () => ({ meta: [{ title: `Products | ${BRAND.name}` }] }),
  component: ProductsPage,
});
