import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import {
  BACKDROP_TRANSITION_MS,
  dragCloseThreshold,
  MODAL_TRANSITION_MS,
  MOBILE_BREAKPOINT_PX,
} from "../../../domain/ui-rules";
import { CloseIcon } from "./icons";

/**
 * The modal used everywhere. A centred dialog on wider screens, a bottom sheet on phones (docs/product.md section 2):
 * background scroll locked, dragging the sheet down past min(240, max(80, 30% of its height)) closes it,
 * 300 ms sheet and 150 ms backdrop transitions. role="dialog", aria-modal, labelled by its title, focus
 * trapped inside, Escape closes, and focus goes back to whatever opened it.
 */
export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Focus this element (by CSS selector inside the dialog) when opening; defaults to the first field. */
  initialFocus?: string;
  testId?: string;
  /** Changing it moves focus to the first field again (when one dialog switches between steps). */
  focusKey?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openCount = 0;
let savedScroll: { overflow: string; paddingRight: string } | null = null;

function lockScroll() {
  openCount += 1;
  if (openCount > 1) return;
  const body = document.body;
  const gap = window.innerWidth - document.documentElement.clientWidth;
  savedScroll = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  body.style.overflow = "hidden";
  if (gap > 0) body.style.paddingRight = `${gap}px`;
  document.documentElement.classList.add("scroll-locked");
}

function unlockScroll() {
  openCount = Math.max(0, openCount - 1);
  if (openCount > 0 || !savedScroll) return;
  document.body.style.overflow = savedScroll.overflow;
  document.body.style.paddingRight = savedScroll.paddingRight;
  document.documentElement.classList.remove("scroll-locked");
  savedScroll = null;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = "sm",
  initialFocus,
  testId,
  focusKey,
}: DialogProps) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const dragRef = useRef<{ startY: number; dy: number; pointerId: number } | null>(null);
  const [dragY, setDragY] = useState(0);
  const titleId = useId();
  const descId = useId();
  const wasOpen = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Mount, then show on the next frame so the CSS transition runs; hide, then unmount after it.
  useEffect(() => {
    if (open) {
      if (!wasOpen.current) openerRef.current = document.activeElement as HTMLElement | null;
      wasOpen.current = true;
      setMounted(true);
      const raf = requestAnimationFrame(() => requestAnimationFrame(() => setShown(true)));
      return () => cancelAnimationFrame(raf);
    }
    wasOpen.current = false;
    setShown(false);
    const t = window.setTimeout(() => setMounted(false), MODAL_TRANSITION_MS);
    return () => window.clearTimeout(t);
  }, [open]);

  useEffect(() => {
    if (!mounted) return;
    lockScroll();
    const opener = openerRef.current;
    return () => {
      unlockScroll();
      if (opener && document.contains(opener)) opener.focus({ preventScroll: true });
    };
  }, [mounted]);

  // First focus once visible.
  useEffect(() => {
    if (!mounted || !open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const target =
      (initialFocus ? panel.querySelector<HTMLElement>(initialFocus) : null) ??
      panel.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea") ??
      panel.querySelector<HTMLElement>(FOCUSABLE) ??
      panel;
    target.focus({ preventScroll: true });
  }, [mounted, open, initialFocus, focusKey]);

  const onKeyDown = useCallback((e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== "Tab") return;
    const panel = panelRef.current;
    if (!panel) return;
    const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) {
      e.preventDefault();
      panel.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }, []);

  // Drag to close (phones only). Starts on the grab handle / header, or anywhere when the body is scrolled to top.
  const onPointerDown = (e: React.PointerEvent) => {
    if (window.innerWidth > MOBILE_BREAKPOINT_PX || e.pointerType === "mouse") return;
    const target = e.target as HTMLElement;
    if (target.closest("input, textarea, select, button, a, label")) return;
    const body = panelRef.current?.querySelector(".dialog-body");
    if (body && body.contains(target) && body.scrollTop > 0) return;
    dragRef.current = { startY: e.clientY, dy: 0, pointerId: e.pointerId };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.dy = Math.max(0, e.clientY - d.startY);
    if (d.dy > 4) {
      try {
        (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
      } catch {
        /* capture is best effort */
      }
    }
    setDragY(d.dy);
  };
  const endDrag = () => {
    const d = dragRef.current;
    dragRef.current = null;
    if (!d) return;
    const height = panelRef.current?.offsetHeight ?? 0;
    setDragY(0);
    if (d.dy > dragCloseThreshold(height)) onCloseRef.current();
  };

  if (!mounted || typeof document === "undefined") return null;

  return createPortal(
    <div
      className={`dialog-root${shown ? " is-open" : ""}`}
      style={{
        ["--sheet-ms" as string]: `${MODAL_TRANSITION_MS}ms`,
        ["--backdrop-ms" as string]: `${BACKDROP_TRANSITION_MS}ms`,
      }}
    >
      <div className="dialog-backdrop" onClick={() => onCloseRef.current()} aria-hidden="true" />
      <div
        ref={panelRef}
        className={`dialog-panel dialog-${size}${dragY > 0 ? " is-dragging" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        style={dragY > 0 ? { transform: `translateY(${dragY}px)` } : undefined}
        data-testid={testId}
      >
        <div className="dialog-grab" aria-hidden="true" />
        <div className="dialog-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog-close"
            onClick={() => onCloseRef.current()}
            aria-label="Close"
          >
            <CloseIcon />
          </button>
        </div>
        {description && (
          <p id={descId} className="dialog-desc">
            {description}
          </p>
        )}
        {/* Focusable, so a keyboard can scroll a long sheet (axe scrollable-region-focusable). */}
        <div className="dialog-body" tabIndex={0} role="region" aria-labelledby={titleId}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
