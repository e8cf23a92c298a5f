import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { AddressInput } from "../../../components/ui/address-input";
import { PinIcon } from "../../../components/ui/icons";
import { setServiceZip } from "../../../lib/location";
import { locateZip, resolveLocation, suggestAddresses, type AddressSuggestion } from "../../../lib/location-lookup";
import { notify } from "../../../stores/alert-store";
import { settingsStore } from "../../../stores/settings-store";
import { closeZipBox, openZipBox, uiStore } from "../../../stores/ui-store";

/**
 * The ZIP/location button and its box (SPEC section 2). A non-modal popover; Escape or Update closes it.
 * Accepts a ZIP, an address ending in a ZIP, or an address without one (POST /checkout/getAddress, with the
 * exact -1 / -5 / invalid-location messages), and "Use my location" (browser position, then
 * POST /google/getZipFromLatLong).
 */
export function LocationButton() {
  const zip = settingsStore.use((s) => s.zipcode);
  const open = uiStore.use((s) => s.zipBoxOpen);
  const redirectToCart = uiStore.use((s) => s.zipRedirectToCart);
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "lookup" | "locate">(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ctrlRef = useRef<AbortController | null>(null);
  const boxId = useId();
  const noteId = useId();
  const errId = useId();

  useEffect(() => {
    if (!open) {
      ctrlRef.current?.abort();
      setBusy(null);
      return;
    }
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

  const apply = (next: string, label?: string) => {
    closeZipBox();
    setServiceZip(router, next, { redirectToCart });
    if (label && label !== next) notify("success", `Showing services and prices near ${label}.`);
    buttonRef.current?.focus();
  };

  const submitText = async (text: string) => {
    ctrlRef.current?.abort();
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    setBusy("lookup");
    setError(null);
    try {
      const result = await resolveLocation(text, ctrl.signal);
      if (ctrl.signal.aborted) return;
      if (result.ok) apply(result.zip, result.label);
      else {
        setError(result.message);
        inputRef.current?.focus();
      }
    } catch {
      /* aborted: the box closed */
    } finally {
      if (!ctrl.signal.aborted) setBusy(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void submitText(value);
  };

  const useMyLocation = async () => {
    setBusy("locate");
    setError(null);
    const result = await locateZip();
    setBusy(null);
    if (!uiStore.get().zipBoxOpen) return;
    if (result.ok) apply(result.zip, result.label);
    else {
      setError(result.message);
      inputRef.current?.focus();
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
          <form onSubmit={submit} noValidate aria-busy={busy !== null}>
            <label className="field-label" htmlFor={`${boxId}-input`}>
              ZIP code or address
            </label>
            <div className="inline-form">
              <AddressInput<AddressSuggestion>
                inputRef={inputRef}
                id={`${boxId}-input`}
                name="zipcode"
                autoComplete="postal-code"
                inputMode="text"
                placeholder="e.g. 10001 or 350 5th Ave, New York, NY"
                data-testid="zip-input"
                value={value}
                onValueChange={(v) => {
                  setValue(v);
                  if (error) setError(null);
                }}
                getSuggestions={suggestAddresses}
                onPick={(s) => {
                  setValue(s.label);
                  apply(s.zip, s.label);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${noteId}${error ? ` ${errId}` : ""}`}
              />
              <button type="submit" className="button button-primary" data-testid="zip-update" disabled={busy !== null}>
                {busy === "lookup" ? "Checking…" : "Update"}
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
            <button
              type="button"
              className="link-button locate-button"
              onClick={() => void useMyLocation()}
              disabled={busy !== null}
            >
              <PinIcon size={15} /> {busy === "locate" ? "Finding you…" : "Use my location"}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
