import { useEffect, useEffectEvent } from "react";
import { welcomeCreditsDue } from "../../../../domain/ui-rules";
import { firstName, formatCents } from "../../../lib/format";
import { notify } from "../../../stores/alert-store";
import { settingsStore, updateSettings } from "../../../stores/settings-store";
import { useViewer } from "../../../stores/shell-context";

/** The welcome-back credits message (docs/product.md section 4), at most once per 3 days (setting006). Amounts are cents. */
export function useWelcomeCredits() {
  const viewer = useViewer();
  // Once per signed-in person (a new viewer object for the same person does not greet again), with the
  // viewer as it is then.
  const greet = useEffectEvent(() => {
    if (!viewer) return;
    const now = Date.now();
    const total = welcomeCreditsDue(viewer, settingsStore.get().setting006, now);
    if (total === null) return;
    updateSettings({ setting006: now });
    const name = firstName(viewer.name);
    notify(
      "success",
      `Welcome back${name ? `, ${name}` : ""}! You have ${formatCents(total)} in credits to use on your next booking.`,
      {
        label: "View wallet",
        href: "/account/wallet",
      },
    );
  });
  useEffect(() => greet(), [viewer?.user_id]);
}
