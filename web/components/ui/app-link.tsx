import { useLocation, useRouter } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";

/**
 * An anchor with a real href (works before hydration, with a middle click and for crawlers) that navigates
 * inside the app once hydrated. Accepts any string path with its query, which the typed Link does not.
 */
export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Mark as current when the path matches (exact) or starts with it (area). */
  activeMatch?: "exact" | "area";
  ref?: Ref<HTMLAnchorElement>;
}

export function AppLink({ href, onClick, activeMatch, target, ...rest }: AppLinkProps) {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const external = /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
  let current = false;
  if (activeMatch && !external) {
    const path = href.split(/[?#]/)[0] || "/";
    current = activeMatch === "exact" ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);
  }
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || external || target === "_blank") return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} target={target} onClick={handle} aria-current={current ? "page" : undefined} {...rest} />;
}
