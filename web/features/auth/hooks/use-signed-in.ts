import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { catalogue, type MessageCode } from "../../../../domain/messages";
import { postLoginDestination } from "../../../../domain/roles";
import { welcomeCreditsDue } from "../../../../domain/ui-rules";
import type { Profile } from "../../../../schema/payloads/accounts";
import { notify } from "../../../stores/alert-store";
import { refreshCartCount } from "../../../stores/cart-store";
import { settingsStore } from "../../../stores/settings-store";
import { useShell } from "../../../stores/shell-context";
import { closeAuthModal } from "../../../stores/ui-store";

/**
 * What happens once the API has signed someone in: the header switches to the profile menu without a
 * reload, the local cart is re-read (an unreadable one is rewritten from memory), and a vendor or staff
 * member goes to their area (docs/product.md section 4; roles from domain/roles.ts).
 */
export function useSignedIn() {
  const { setViewer } = useShell();
  const router = useRouter();
  return useCallback(
    (profile: Profile, message: MessageCode) => {
      setViewer(profile);
      closeAuthModal();
      refreshCartCount();
      // The welcome-back credits message greets by name; don't stack a second greeting on top of it.
      const creditsGreeting = welcomeCreditsDue(profile, settingsStore.get().setting006, Date.now()) !== null;
      if (!(message === "LOGIN_SUCCESS" && creditsGreeting)) notify("success", catalogue[message].text);
      const saved = new URLSearchParams(window.location.search).has("saved");
      const dest = postLoginDestination(profile, { saved });
      if (dest && window.location.pathname !== dest) void router.navigate({ href: dest });
    },
    [router, setViewer],
  );
}
