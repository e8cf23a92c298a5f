import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { parseLocationInput } from "../../../../domain/location-input";
import { PinIcon } from "../../../components/ui/icons";
import { setServiceZip } from "../../../lib/location";
import { settingsStore } from "../../../stores/settings-store";
import { closeZipBox, openZipBox, uiStore } from "../../../stores/ui-store";

const ADDRESS_NOT_FOUND =
  "We are unable to locate this address, please enter a 5 digit zip code within the continental US.";

/** The ZIP/location button and its box (SPEC section 2). A non-modal popover; Escape or Update closes it. */
export function LocationButton() {
  const zip = settingsStore.use((s) => s.zipcode);
  const open = uiStore.use((s) => s.zipBoxOpen);
  const redirectToCart = uiStore.use((s) => s.zipRedirectToCart);
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const boxId = useId();
  const noteId = useId();
  const errId = useId();

  useEffect(() => {
    if (!open) return;
    setValue(zip ?? "");
    setError(null);
    requestAnimationFrame(() => inputRef.current?.focus());
    const onDoc = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) closeZipBox();
    };
    document.addEventListener("pointerdown", onDoc);
    return () => document.removeEventListener("pointerdown", onDoc);
    // Only when opening: the stored ZIP pre-fills the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseLocationInput(value);
    if (parsed.kind === "zip") {
      closeZipBox();
      setServiceZip(router, parsed.zip, { redirectToCart });
      buttonRef.current?.focus();
    } else if (parsed.kind === "address") {
      setError(ADDRESS_NOT_FOUND);
    } else {
      setError(catalogue.INVALID_ADDRESS.text);
    }
  };

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
          <form onSubmit={submit} noValidate>
            <label className="field-label" htmlFor={`${boxId}-input`}>
              ZIP code or address
            </label>
            <div className="inline-form">
              <input
                ref={inputRef}
                id={`${boxId}-input`}
                className="input"
                name="zipcode"
                autoComplete="postal-code"
                inputMode="text"
                placeholder="e.g. 10001"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${noteId}${error ? ` ${errId}` : ""}`}
              />
              <button type="submit" className="button button-primary">
                Update
              </button>
            </div>
            {error && (
              <p className="field-error" id={errId} role="alert">
                {error}
              </p>
            )}
            <p className="field-hint" id={noteId}>
              Services and prices depend on your location.
            </p>
          </form>
        </div>
      )}
    </div>
  );
}
