import { useEffect, useRef } from "react";
import { ZIP_CHANGE_EVENT } from "./location";

/**
 * Calls `onChange` every time a ZIP is set (even the same one again), in the browser. The orders page uses it
 * to reload its list for the new ZIP (docs/product.md section 2 "ZIP-set behaviour"); any page can.
 */
export function useZipChange(onChange: (zip: string) => void): void {
  const ref = useRef(onChange);
  ref.current = onChange;
  useEffect(() => {
    const listener = (e: Event) => {
      const zip = (e as CustomEvent<{ zip?: string }>).detail?.zip;
      if (zip) ref.current(zip);
    };
    window.addEventListener(ZIP_CHANGE_EVENT, listener);
    return () => window.removeEventListener(ZIP_CHANGE_EVENT, listener);
  }, []);
}
