import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { AddressInput } from "../../../components/ui/address-input";
import { PinIcon } from "../../../components/ui/icons";
import { setServiceZip } from "../../../lib/location";
import {
  locateZip,
  resolveLocation,
  resolvePlace,
  suggestAddresses,
  type AddressSuggestion,
} from "../../../lib/location-lookup";
import { notify } from "../../../stores/alert-store";
import { closeZipBox, uiStore } from "../../../stores/ui-store";

/**
 * The location box's form (loaded when the box first opens). Accepts a ZIP, an address ending in a ZIP, or
 * an address without one (POST /checkout/getAddress, with the server's -1 / -2 / -5 messages), street-address
 * suggestions (gated, 300 ms; POST /google/placeAutocomplete, then /google/placeDetails for the one picked),
 * and "Use my location" (browser position, then POST /google/getZipFromLatLong).
 */
export default function LocationPanel({
  id,
  zip,
  redirectToCart,
  onApplied,
}: {
  id: string;
  zip: string | undefined;
  redirectToCart: boolean;
  /** After a ZIP is set and the box closed (focus goes back to the button). */
  onApplied(): void;
}) {
  const router = useRouter();
  const [value, setValue] = useState(zip ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "lookup" | "locate">(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ctrlRef = useRef<AbortController | null>(null);
  const noteId = useId();
  const errId = useId();

  useEffect(() => {
    requestAnimationFrame(() => inputRef.current?.focus());
    return () => ctrlRef.current?.abort();
  }, []);

  const apply = (next: string, label?: string) => {
    closeZipBox();
    setServiceZip(router, next, { redirectToCart });
    if (label && label !== next) notify("success", `Showing services and prices near ${label}.`);
    onApplied();
  };

  const submitText = (text: string) => resolveWith((signal) => resolveLocation(text, signal));

  /** A typed text or a picked suggestion to a ZIP; the newest lookup wins. */
  const resolveWith = async (lookup: (signal: AbortSignal) => ReturnType<typeof resolveLocation>) => {
    ctrlRef.current?.abort();
    const ctrl = new AbortController();
    ctrlRef.current = ctrl;
    setBusy("lookup");
    setError(null);
    try {
      const result = await lookup(ctrl.signal);
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

  const locateMe = async () => {
    setBusy("locate");
    setError(null);
    const result = await locateZip();
    if (!uiStore.get().zipBoxOpen) return;
    setBusy(null);
    if (result.ok) apply(result.zip, result.label);
    else {
      setError(result.message);
      inputRef.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy !== null}>
      <label className="field-label" htmlFor={`${id}-input`}>
        ZIP code or address
      </label>
      <div className="inline-form">
        <AddressInput<AddressSuggestion>
          inputRef={inputRef}
          id={`${id}-input`}
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
            void resolveWith((signal) => resolvePlace(s.place_id, signal));
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
        onClick={() => void locateMe()}
        disabled={busy !== null}
      >
        <PinIcon size={15} /> {busy === "locate" ? "Finding you…" : "Use my location"}
      </button>
    </form>
  );
}
