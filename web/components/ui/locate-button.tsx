import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { setServiceZip } from "../../lib/location";
import { notify } from "../../stores/alert-store";
import { openZipBox } from "../../stores/ui-store";
import { PinIcon } from "./icons";
import { asyncHandler } from "../../lib/async-handler";

/**
 * "Use my location" outside the location box: the browser's position to a ZIP. A browser that refuses
 * opens the ZIP box instead (docs/product.md section 8); other failures say why.
 */
export function LocateButton({
  className = "button button-secondary",
  onZip,
}: {
  className?: string;
  /** After the ZIP is stored (the home card navigates to /services). */
  onZip?(zip: string): void;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={asyncHandler(async () => {
        setBusy(true);
        // Loaded on click: most visitors type a ZIP and never need the lookups.
        const { locateZip } = await import("../../lib/location-lookup");
        const result = await locateZip();
        setBusy(false);
        if (result.ok) {
          setServiceZip(router, result.zip);
          notify("success", `Showing services and prices near ${result.label}.`);
          onZip?.(result.zip);
        } else if (result.reason === "denied") {
          openZipBox();
        } else {
          notify("error", result.message);
        }
      })}
    >
      <PinIcon size={16} /> {busy ? "Finding you…" : "Use my location"}
    </button>
  );
}
