import { createStore } from "../lib/create-store";

export type AuthModal = "login" | "signup" | "forgot";

interface UiState {
  modal: AuthModal | null;
  /** Set by a service modal of a later feature; hides the bottom bar while open (docs/product.md section 2). */
  serviceModalOpen: boolean;
  zipBoxOpen: boolean;
  /** The ZIP box was opened by a flow that wants the cart after the ZIP is set (docs/product.md section 2). */
  zipRedirectToCart: boolean;
  /**
   * The price-by-ZIP notice on screen (it lasts 12 s): the ZIP the visitor sees prices for, null for none yet.
   * Shown by usePriceNotice, rendered by the banners' soft slot (docs/decisions/175).
   */
  priceNotice: { zip: string | null } | null;
}

export const uiStore = createStore<UiState>({
  modal: null,
  serviceModalOpen: false,
  zipBoxOpen: false,
  zipRedirectToCart: false,
  priceNotice: null,
});

export function openAuthModal(modal: AuthModal): void {
  uiStore.set({ modal, zipBoxOpen: false });
}

export function closeAuthModal(): void {
  uiStore.set({ modal: null });
}

export function openZipBox(opts: { redirectToCart?: boolean } = {}): void {
  uiStore.set({ zipBoxOpen: true, zipRedirectToCart: Boolean(opts.redirectToCart) });
}

export function closeZipBox(): void {
  uiStore.set({ zipBoxOpen: false, zipRedirectToCart: false });
}

export function showPriceNotice(zip: string | null): void {
  uiStore.set({ priceNotice: { zip } });
}

export function hidePriceNotice(): void {
  uiStore.set({ priceNotice: null });
}
