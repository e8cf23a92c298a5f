import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { PinIcon } from "../../../components/ui/icons";
import { settingsStore } from "../../../stores/settings-store";
import { closeZipBox, openZipBox, uiStore } from "../../../stores/ui-store";

// The form (address lookups, suggestions, geolocation) loads when the box is first wanted, not with every page.
const loadPanel = () => import("./location-panel");
const LocationPanel = lazy(loadPanel);

/**
 * The ZIP/location button and its box (docs/product.md section 2). A non-modal popover; Escape or Update closes it.
 * The box's form is in location-panel.tsx; hovering or focusing the button starts loading it.
 */
export function LocationButton() {
  const zip = settingsStore.use((s) => s.zipcode);
  const open = uiStore.use((s) => s.zipBoxOpen);
  const redirectToCart = uiStore.use((s) => s.zipRedirectToCart);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxId = useId();

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) closeZipBox();
    };
    document.addEventListener("pointerdown", onDoc);
    return () => document.removeEventListener("pointerdown", onDoc);
  }, [open]);

  return (
    <div
      className="location"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          closeZipBox();
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="location-button"
        aria-expanded={open}
        aria-controls={open ? boxId : undefined}
        aria-label={zip ? `Service location ${zip}. Change location` : "Set your location"}
        onClick={() => (open ? closeZipBox() : openZipBox())}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-testid="location-button"
      >
        <PinIcon size={18} />
        {zip ? (
          <span className="location-value">{zip}</span>
        ) : (
          <span className="location-value">
            <span className="location-long">Set location</span>
            <span className="location-short">ZIP</span>
          </span>
        )}
      </button>
      {open && (
        <div className="popover location-box" id={boxId} role="dialog" aria-label="Your location">
          <Suspense fallback={<p className="field-hint">Loading…</p>}>
            <LocationPanel
              id={boxId}
              zip={zip}
              redirectToCart={redirectToCart}
              onApplied={() => buttonRef.current?.focus()}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
