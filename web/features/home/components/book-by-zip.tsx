import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { LocateButton } from "../../../components/ui/locate-button";
import { setServiceZip } from "../../../lib/location";
import { parseLocationInput } from "../../../../domain/location-input";
import { settingsStore } from "../../../stores/settings-store";
import { asyncHandler } from "../../../lib/async-handler";

/** The hero's "Book by ZIP or address" card (anchor #book, the visitors' Book Now target). */
export function BookByZip() {
  const stored = settingsStore.use((s) => s.zipcode);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // What a person typed before the page was interactive is in the box, not in the state: keep it (it would be
  // wiped by the next render), and let it win over the stored ZIP.
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed) setValue(typed);
  }, []);
  useEffect(() => {
    if (stored) setValue((v) => v || inputRef.current?.value || stored);
  }, [stored]);

  const go = (zip: string) => {
    setError(null);
    setServiceZip(router, zip, { replaceUrl: false });
    void router.navigate({ href: `/services?zipcode=${zip}` });
  };

  // A ZIP, an address ending in one, or an address looked up by POST /checkout/getAddress (docs/product.md section 5).
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = parseLocationInput(value || (inputRef.current?.value ?? ""));
    if (parsed.kind === "zip") return go(parsed.zip);
    // Addresses need the lookup module; a plain ZIP (the common case) never loads it.
    setBusy(true);
    const result = await import("../../../lib/location-lookup").then((m) => m.resolveLocation(value)).catch(() => null);
    setBusy(false);
    if (result?.ok) go(result.zip);
    else if (result) setError(result.message);
  };

  return (
    <section className="book-card" id="book" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Book by ZIP or address</h2>
      {/* A plain GET form too: before (or without) JavaScript the server answers /services?zipcode=… itself. */}
      <form onSubmit={asyncHandler(submit)} noValidate method="get" action="/services">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          ZIP code or address
        </label>
        <div className="book-row">
          <input
            id={`${id}-input`}
            className="input"
            ref={inputRef}
            name="zipcode"
            placeholder="ZIP code or address"
            autoComplete="postal-code"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-note${error ? ` ${id}-err` : ""}`}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Checking…" : "See services near me"}
          </button>
        </div>
        {error && (
          <p className="field-error" id={`${id}-err`} role="alert" style={{ marginTop: 8 }}>
            {error}
          </p>
        )}
        <p className="book-note" id={`${id}-note`}>
          Services and prices depend on your location. No account needed to look around.
        </p>
        <LocateButton
          className="link-button locate-button"
          onZip={(zip) => void router.navigate({ href: `/services?zipcode=${zip}` })}
        />
      </form>
    </section>
  );
}
