import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/account/")({
  beforeLoad: () => {
    throw redirect({ href: "/account/settings" });
  },
});
