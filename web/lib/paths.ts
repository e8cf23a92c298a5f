/** Central route paths and the category targets of docs/product.md section 2. */
export const SPECIAL_CATEGORY = {
  completedOrders: 10100,
  giftCard: 10010,
  connect: 10020,
  foundation: 10030,
} as const;

export function categoryHref(serviceCodeGroupId: number): string {
  switch (serviceCodeGroupId) {
    case SPECIAL_CATEGORY.completedOrders:
      return "/account/orders?completed=1";
    case SPECIAL_CATEGORY.giftCard:
      return "/giftcard";
    case SPECIAL_CATEGORY.connect:
      return "/connect";
    case SPECIAL_CATEGORY.foundation:
      return "/foundation";
    default:
      return `/services?scgid=${serviceCodeGroupId}`;
  }
}

export function serviceChipHref(serviceCodeGroupId: number, serviceId: number): string {
  return `/services?scgid=${serviceCodeGroupId}&scrollId=${serviceId}`;
}

export function searchHref(term: string, zipcode?: string): string {
  const q = new URLSearchParams({ searchTerm: term });
  if (zipcode) q.set("zipcode", zipcode);
  return `/services?${q.toString()}`;
}

export const MENU_TARGETS = {
  administrative: { label: "Administrative", href: "/admin" },
  connect: { label: "Connect", href: "/connect/admin" },
  dashboard: { label: "Dashboard", href: "/business" },
  orders: { label: "My Orders", href: "/account/orders" },
  wallet: { label: "My Wallet", href: "/account/wallet" },
  membership: { label: "Membership", href: "/account/membership" },
  account: { label: "My Account", href: "/account/settings" },
  become_pro: { label: "Become a pro", href: "/become-a-pro" },
  logout: { label: "Logout", href: "/?logout=1" },
} as const;
