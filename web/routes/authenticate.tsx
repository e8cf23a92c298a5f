import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { AuthenticatePage } from "../features/authenticate/authenticate-page";

export const Route = createFileRoute("/authenticate")({
  head: () => ({ meta: [{ title: `Approve a payment | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: AuthenticatePage,
});
