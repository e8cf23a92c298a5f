import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type Ref } from "react";

// The gate's module carries the US state list; it loads on the first keystroke, not with every page.
const loadGate = () => import("../../../domain/location/address");

export interface Suggestion {
  label: string;
}

/**
 * A ZIP-or-address input with the autocomplete of docs/product.md section 5: suggestions are asked for only when the
 * text passes `shouldSuggest` (3+ characters, a street number, then 2+ letters), 300 ms after the last
 * keystroke, and an Enter without a highlighted suggestion submits the typed text with the form. WAI-ARIA
 * combobox: arrows move through the list, Enter picks, Escape closes the list.
 */
export function AddressInput<T extends Suggestion>({
  value,
  onValueChange,
  getSuggestions,
  onPick,
  inputRef,
  ...input
}: {
  value: string;
  onValueChange(value: string): void;
  getSuggestions(text: string, signal: AbortSignal): Promise<T[]>;
  onPick(suggestion: T): void;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  const listId = useId();
  const [items, setItems] = useState<T[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const typedRef = useRef(false);

  useEffect(() => {
    if (!typedRef.current) {
      setItems([]);
      setOpen(false);
      return;
    }
    const ctrl = new AbortController();
    let t: number | undefined;
    void loadGate().then(({ shouldSuggest, AUTOCOMPLETE_DEBOUNCE_MS }) => {
      if (ctrl.signal.aborted) return;
      if (!shouldSuggest(value)) {
        setItems([]);
        setOpen(false);
        return;
      }
      t = window.setTimeout(() => {
        getSuggestions(value, ctrl.signal).then(
          (found) => {
            if (ctrl.signal.aborted) return;
            setItems(found);
            setActive(-1);
            setOpen(found.length > 0);
          },
          () => undefined,
        );
      }, AUTOCOMPLETE_DEBOUNCE_MS);
    });
    return () => {
      window.clearTimeout(t);
      ctrl.abort();
    };
    // getSuggestions is a stable module function in practice; the text drives the lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const pick = (item: T) => {
    typedRef.current = false;
    setOpen(false);
    setItems([]);
    onPick(item);
  };

  return (
    <div className="combo">
      <input
        {...input}
        ref={inputRef}
        className={`input ${input.className ?? ""}`}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          typedRef.current = true;
          onValueChange(e.target.value);
        }}
        onBlur={(e) => {
          input.onBlur?.(e);
          // Let a click on an option land first.
          window.setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={(e) => {
          input.onKeyDown?.(e);
          if (!open || items.length === 0) return;
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === "Enter" && active >= 0) {
            e.preventDefault();
            pick(items[active]!);
          } else if (e.key === "Escape") {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open && (
        <ul className="combo-list" id={listId} role="listbox" aria-label="Suggested addresses">
          {items.map((item, i) => (
            <li
              key={`${item.label}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`combo-option${i === active ? " is-active" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(item)}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
