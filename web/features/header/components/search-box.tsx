import { useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  canSubmitSearch,
  normalizeSearchTerm,
  QUICK_SEARCHES,
  showMobileSearchButton,
} from "../../../../domain/search-rules";
import { CloseIcon, SearchIcon } from "../../../components/ui/icons";
import { searchHref } from "../../../lib/paths";
import { settingsStore } from "../../../stores/settings-store";

function useSearchNavigate() {
  const router = useRouter();
  const zip = settingsStore.use((s) => s.zipcode);
  return (term: string) => {
    const t = normalizeSearchTerm(term);
    if (!canSubmitSearch(t)) return false;
    void router.navigate({ href: searchHref(t, zip) });
    return true;
  };
}

/**
 * Desktop search: Enter submits (longer than 2 characters); focus shows the six quick shortcuts.
 * `initialTerm` pre-fills it on the results page.
 */
export function DesktopSearch({ initialTerm = "" }: { initialTerm?: string }) {
  const [term, setTerm] = useState(initialTerm);
  useEffect(() => setTerm(initialTerm), [initialTerm]);
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState(false);
  const go = useSearchNavigate();
  const rootRef = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDoc);
    return () => document.removeEventListener("pointerdown", onDoc);
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (go(term)) {
      setOpen(false);
      setHint(false);
    } else setHint(true);
  };

  return (
    <form
      ref={rootRef}
      role="search"
      className="search search-desktop"
      onSubmit={submit}
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search services
      </label>
      <SearchIcon size={18} className="search-icon" />
      <input
        id={id}
        className="search-input"
        type="search"
        name="searchTerm"
        placeholder="Search massages, blowouts, nails…"
        autoComplete="off"
        enterKeyHint="search"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          if (hint && canSubmitSearch(e.target.value)) setHint(false);
        }}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {open && (
        <div className="popover search-panel">
          {hint && (
            <p className="field-hint" id={`${id}-hint`} role="status">
              Type at least 3 characters to search.
            </p>
          )}
          <p className="search-panel-title">Popular searches</p>
          <ul className="shortcut-list">
            {QUICK_SEARCHES.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  className="shortcut"
                  onClick={() => {
                    go(q);
                    setOpen(false);
                  }}
                >
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

/**
 * Mobile search: an icon that opens a full-width overlay with the input, a search button once the text is
 * longer than 3 characters, the quick shortcuts and a close icon. Scrolling the page closes it.
 */
export function MobileSearch() {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const go = useSearchNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) openerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const startY = window.scrollY;
    // The keyboard opening may nudge the page; only a deliberate scroll closes the overlay.
    const onScroll = () => {
      if (Math.abs(window.scrollY - startY) > 10) close(false);
    };
    const t = window.setTimeout(() => window.addEventListener("scroll", onScroll, { passive: true }), 400);
    return () => {
      window.clearTimeout(t);
      window.removeEventListener("scroll", onScroll);
    };
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (go(term)) close(false);
  };

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="icon-button search-mobile-open"
        aria-label="Search"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <SearchIcon size={22} />
      </button>
      {open && (
        <div className="search-overlay" onKeyDown={(e) => e.key === "Escape" && close()}>
          <form role="search" className="search-overlay-form" onSubmit={submit}>
            <label htmlFor={id} className="visually-hidden">
              Find a service
            </label>
            <SearchIcon size={18} className="search-icon" />
            <input
              ref={inputRef}
              id={id}
              className="search-input"
              type="search"
              name="searchTerm"
              placeholder="Search services"
              autoComplete="off"
              enterKeyHint="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
            />
            {showMobileSearchButton(term) && (
              <button type="submit" className="button button-primary button-sm">
                Search
              </button>
            )}
            <button type="button" className="icon-button" aria-label="Close search" onClick={() => close()}>
              <CloseIcon />
            </button>
          </form>
          <ul className="shortcut-list shortcut-list-mobile">
            {QUICK_SEARCHES.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  className="shortcut"
                  onClick={() => {
                    if (go(q)) close(false);
                  }}
                >
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
