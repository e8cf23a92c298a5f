import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useState, type FormEvent } from "react";
import { catalogue } from "../../../../domain/messages";
import { parseLocationInput } from "../../../../domain/location-input";
import { setServiceZip } from "../../../lib/location";
import { settingsStore } from "../../../stores/settings-store";

const ADDRESS_NOT_FOUND =
  "We are unable to locate this address, please enter a 5 digit zip code within the continental US.";

/** The hero's "Book by ZIP or address" card (anchor #book, the visitors' Book Now target). */
export function BookByZip() {
  const stored = settingsStore.use((s) => s.zipcode);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  const id = useId();

  useEffect(() => {
    if (stored) setValue((v) => v || stored);
  }, [stored]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseLocationInput(value);
    if (parsed.kind === "zip") {
      setError(null);
      setServiceZip(router, parsed.zip, { replaceUrl: false });
      void router.navigate({ href: `/services?zipcode=${parsed.zip}` });
    } else setError(parsed.kind === "address" ? ADDRESS_NOT_FOUND : catalogue.INVALID_ADDRESS.text);
  };

  return (
    <section className="book-card" id="book" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Book by ZIP or address</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          ZIP code or address
        </label>
        <div className="book-row">
          <input
            id={`${id}-input`}
            className="input"
            name="location"
            placeholder="ZIP code or address"
            autoComplete="postal-code"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-note${error ? ` ${id}-err` : ""}`}
          />
          <button type="submit" className="button button-primary">
            See services near me
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
      </form>
    </section>
  );
}
