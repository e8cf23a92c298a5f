/**
 * Role rules (docs/product.md section 6). security_groups is a comma-separated list of numbers as a string.
 * Staff groups: any group of 50 or more is an admin; 31 is a connect admin.
 */
export const ADMIN_MIN_GROUP = 50;
export const CONNECT_ADMIN_GROUP = 31;

export interface RoleSubject {
  user_id: number | null;
  vendor_id: number | null;
  security_groups: string;
}

export function parseSecurityGroups(groups: string | null | undefined): number[] {
  if (!groups) return [];
  return groups
    .split(",")
    .map((g) => g.trim())
    .filter((g) => /^\d+$/.test(g))
    .map(Number);
}

export function isAdmin(subject: Pick<RoleSubject, "security_groups">): boolean {
  return parseSecurityGroups(subject.security_groups).some((g) => g >= ADMIN_MIN_GROUP);
}

export function isConnectAdminGroup(subject: Pick<RoleSubject, "security_groups">): boolean {
  return parseSecurityGroups(subject.security_groups).includes(CONNECT_ADMIN_GROUP);
}

/** Admins are staff supersets: they may use the connect admin area too (docs/decisions/004-roles.md). */
export function canUseConnectAdmin(subject: Pick<RoleSubject, "security_groups">): boolean {
  return isConnectAdminGroup(subject) || isAdmin(subject);
}

export function isVendor(subject: Pick<RoleSubject, "vendor_id">): boolean {
  return subject.vendor_id != null;
}

export type MenuItem =
  "administrative" | "connect" | "dashboard" | "orders" | "wallet" | "membership" | "account" | "become_pro" | "logout";

/** Who is offered "Become a pro" (issue 21): anyone who is neither a pro already nor staff. */
export function mayBecomePro(subject: RoleSubject | null): boolean {
  return !subject || (!isVendor(subject) && !isAdmin(subject) && !isConnectAdminGroup(subject));
}

/** The logged-in profile menu, in the order of docs/product.md section 2. */
export function profileMenu(subject: RoleSubject): MenuItem[] {
  const items: MenuItem[] = [];
  if (isAdmin(subject)) items.push("administrative");
  if (isConnectAdminGroup(subject)) items.push("connect");
  if (isVendor(subject)) items.push("dashboard");
  items.push("orders", "wallet", "membership", "account");
  if (mayBecomePro(subject)) items.push("become_pro");
  items.push("logout");
  return items;
}

export interface NavTab {
  key: string;
  href: string;
  label: string;
  /** Opens the login or signup modal instead of navigating. */
  modal?: "login" | "signup";
}

/** Mobile bottom navigation tabs (docs/product.md section 2), for a subject or a visitor (null). */
export function bottomNavTabs(subject: RoleSubject | null, opts: { hasReferralCode: boolean }): NavTab[] {
  const tabs: NavTab[] = [];
  if (subject && isAdmin(subject)) tabs.push({ key: "admin", href: "/admin", label: "Admin" });
  else tabs.push({ key: "help", href: "/help", label: "Help" });
  if (subject && isConnectAdminGroup(subject)) tabs.push({ key: "connect", href: "/connect/admin", label: "Connect" });
  if (subject && isVendor(subject)) tabs.push({ key: "business", href: "/business", label: "Business" });
  if (subject) tabs.push({ key: "orders", href: "/account/orders", label: "Orders" });
  else tabs.push({ key: "book", href: "/#book", label: "Book Now" });
  if (mayBecomePro(subject)) tabs.push({ key: "pro", href: "/become-a-pro", label: "Become a pro" });
  if (subject) tabs.push({ key: "profile", href: "/account/settings", label: "Profile" });
  tabs.push({ key: "checkout", href: "/checkout", label: "Checkout" });
  if (!subject) {
    tabs.push(
      opts.hasReferralCode
        ? { key: "signup", href: "/?signup=1", label: "Create Account", modal: "signup" }
        : { key: "login", href: "/account/settings", label: "Log In", modal: "login" },
    );
  }
  return tabs;
}

/**
 * Where a user goes right after logging in (docs/product.md section 4, "Post-login redirect"), as a path, or null to
 * stay. `redirectCode` comes from GET /api/account/user/getRedirect.
 */
export function postLoginDestination(subject: RoleSubject, opts: { saved: boolean }): string | null {
  if (isAdmin(subject)) return opts.saved ? "/admin" : null;
  if (isVendor(subject)) return "/business";
  if (isConnectAdminGroup(subject)) return "/connect/admin";
  return null;
}
