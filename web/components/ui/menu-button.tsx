import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useRouter } from "@tanstack/react-router";

/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or ArrowDown open it and focus the first
 * item, arrows move, Home/End jump, Escape closes and returns focus, Tab or a click outside closes it.
 */
export interface MenuEntry {
  key: string;
  label: string;
  href?: string;
  onSelect?: () => void;
  danger?: boolean;
}

export interface MenuButtonProps {
  label: ReactNode;
  /** Accessible name of the button when `label` is not plain text. */
  ariaLabel?: string;
  items: MenuEntry[];
  header?: ReactNode;
  align?: "start" | "end";
  buttonClassName?: string;
  className?: string;
  testId?: string;
  /** Called when opening; returns the popover's max height in px (e.g. from the window height). */
  maxHeight?: () => number;
  /** Marks one item as the current one. */
  currentKey?: string;
}

export function MenuButton({
  label,
  ariaLabel,
  items,
  header,
  align = "end",
  buttonClassName,
  className,
  testId,
  maxHeight,
  currentKey,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const focusOnOpen = useRef<number | null>(null);
  const menuId = useId();
  const router = useRouter();

  useEffect(() => {
    if (!open) return;
    const idx = focusOnOpen.current;
    if (idx !== null) itemRefs.current[idx === -1 ? items.length - 1 : idx]?.focus();
    focusOnOpen.current = null;
    const onDoc = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDoc);
    return () => document.removeEventListener("pointerdown", onDoc);
  }, [open, items.length]);

  const [limit, setLimit] = useState<number | undefined>(undefined);
  const openAt = (idx: number | null) => {
    focusOnOpen.current = idx;
    setLimit(maxHeight ? Math.max(160, maxHeight()) : undefined);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const select = (entry: MenuEntry) => {
    close(false);
    entry.onSelect?.();
    if (entry.href) void router.navigate({ href: entry.href });
  };

  const onMenuKey = (e: React.KeyboardEvent, i: number) => {
    const n = items.length;
    const move = (to: number) => {
      e.preventDefault();
      itemRefs.current[(to + n) % n]?.focus();
    };
    if (e.key === "ArrowDown") move(i + 1);
    else if (e.key === "ArrowUp") move(i - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(n - 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "Tab") setOpen(false);
  };

  return (
    <div className={`menu ${className ?? ""}`} ref={rootRef} data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? close(false) : openAt(null))}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || ((e.key === "Enter" || e.key === " ") && !open)) {
            e.preventDefault();
            openAt(0);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            openAt(-1);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          className={`menu-popover menu-${align}`}
          style={limit ? { maxHeight: limit, overflowY: "auto" } : undefined}
        >
          {header && <div className="menu-header">{header}</div>}
          <ul role="menu" id={menuId} aria-label={ariaLabel} className="menu-list">
            {items.map((item, i) => (
              <li role="none" key={item.key}>
                {item.href ? (
                  <a
                    role="menuitem"
                    href={item.href}
                    tabIndex={-1}
                    ref={(el) => {
                      itemRefs.current[i] = el;
                    }}
                    className={`menu-item${item.danger ? " is-danger" : ""}`}
                    aria-current={item.key === currentKey ? "true" : undefined}
                    onKeyDown={(e) => onMenuKey(e, i)}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                      e.preventDefault();
                      select(item);
                    }}
                  >
                    {item.label}
                  </a>
                ) : (
                  <button
                    role="menuitem"
                    type="button"
                    tabIndex={-1}
                    ref={(el) => {
                      itemRefs.current[i] = el;
                    }}
                    className={`menu-item${item.danger ? " is-danger" : ""}`}
                    onKeyDown={(e) => onMenuKey(e, i)}
                    onClick={() => select(item)}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
