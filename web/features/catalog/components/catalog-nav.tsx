import { useEffect, useRef, useState } from "react";
import { ChevronDownIcon } from "../../../components/ui/icons";
import { MenuButton } from "../../../components/ui/menu-button";

export interface JumpTarget {
  /** The element id to scroll to. */
  id: string;
  label: string;
  /** Passed back to onJump (the service id for scrollId). */
  value: number;
}

/**
 * The sticky bar of /services: a category menu (it navigates) and chips that scroll to a service or a
 * category section on this page. The chip of the section in view is marked current as the page scrolls.
 */
export function CatalogNav({
  menuLabel,
  menuKey,
  menuItems,
  targets,
  onJump,
}: {
  menuLabel: string;
  menuKey: string;
  menuItems: Array<{ key: string; label: string; href: string }>;
  targets: JumpTarget[];
  onJump(target: JumpTarget): void;
}) {
  const [current, setCurrent] = useState<string | null>(null);
  const trackRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (targets.length === 0 || typeof IntersectionObserver === "undefined") return;
    const visible = new Map<string, number>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) visible.set(e.target.id, e.boundingClientRect.top);
          else visible.delete(e.target.id);
        }
        const top = [...visible.entries()].sort((a, b) => a[1] - b[1])[0];
        if (top) setCurrent(top[0]);
      },
      { rootMargin: "-90px 0px -55% 0px" },
    );
    for (const t of targets) {
      const el = document.getElementById(t.id);
      if (el) io.observe(el);
    }
    return () => io.disconnect();
  }, [targets]);

  // Keep the current chip in view in the sideways-scrolling track.
  useEffect(() => {
    if (!current) return;
    const track = trackRef.current;
    const chip = track?.querySelector<HTMLElement>(`[data-target="${current}"]`);
    const scroller = track?.parentElement;
    if (!chip || !scroller) return;
    const left = chip.offsetLeft;
    if (left < scroller.scrollLeft || left + chip.offsetWidth > scroller.scrollLeft + scroller.clientWidth)
      scroller.scrollTo({ left: Math.max(0, left - 24), behavior: "smooth" });
  }, [current]);

  return (
    <nav className="catalog-nav" aria-label="Services on this page">
      <div className="catalog-nav-inner">
        <MenuButton
          testId="catalog-category-menu"
          align="start"
          ariaLabel={`Category: ${menuLabel}. Choose a category`}
          buttonClassName="category-select"
          currentKey={menuKey}
          label={
            <>
              <span>{menuLabel}</span>
              <ChevronDownIcon size={16} />
            </>
          }
          items={menuItems}
        />
        {targets.length > 0 && (
          <div className="catalog-nav-scroller">
            <ul className="chip-track" ref={trackRef}>
              {targets.map((t) => (
                <li key={t.id}>
                  <a
                    href={`#${t.id}`}
                    className="chip"
                    data-target={t.id}
                    aria-current={current === t.id ? "location" : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      setCurrent(t.id);
                      onJump(t);
                    }}
                  >
                    {t.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </nav>
  );
}
