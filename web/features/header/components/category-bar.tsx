import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { MOBILE_BREAKPOINT_PX } from "../../../../domain/ui-rules";
import { AppLink } from "../../../components/ui/app-link";
import { ChevronDownIcon } from "../../../components/ui/icons";
import { MenuButton } from "../../../components/ui/menu-button";
import { categoryHref, serviceChipHref } from "../../../lib/paths";
import { useShell } from "../../../stores/shell-context";

/** docs/product.md section 2: the dropdown's max height is the window height minus 110, or minus 150 on small windows. */
function dropdownMaxHeight(): number {
  const small = window.innerWidth <= MOBILE_BREAKPOINT_PX || window.innerHeight < 600;
  return window.innerHeight - (small ? 150 : 110);
}

const MORE_ESTIMATE_PX = 96;

/**
 * The category dropdown and the chip bar of the chosen category's services. On phones the chips scroll
 * sideways; on desktop the chips that don't fit move into a "More" menu (measured with ResizeObserver).
 */
export function CategoryBar() {
  const { categories } = useShell();
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const urlId = Number(search.scgid);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen =
    categories.find((c) => c.service_code_group_id === (Number.isFinite(urlId) && urlId > 0 ? urlId : chosenId)) ??
    categories[0];

  const trackRef = useRef<HTMLUListElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(Number.POSITIVE_INFINITY);
  const services = chosen?.services ?? [];

  const fitsAll = fit === Number.POSITIVE_INFINITY;
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => {
      if (window.innerWidth <= MOBILE_BREAKPOINT_PX) return setFit(Number.POSITIVE_INFINITY);
      const items = Array.from(track.children) as HTMLElement[];
      const last = items[items.length - 1];
      if (!last) return setFit(Number.POSITIVE_INFINITY);
      const moreW = moreRef.current ? moreRef.current.offsetWidth + 8 : 0;
      const full = track.clientWidth + moreW;
      if (last.offsetLeft + last.offsetWidth <= full) return setFit(Number.POSITIVE_INFINITY);
      const room = track.clientWidth - (moreRef.current ? 0 : MORE_ESTIMATE_PX);
      const idx = items.findIndex((el) => el.offsetLeft + el.offsetWidth > room);
      setFit(idx < 0 ? items.length : Math.max(1, idx));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(track);
    return () => ro.disconnect();
  }, [chosen?.service_code_group_id, services.length, fitsAll]);

  if (!chosen) return null;
  const overflow = Number.isFinite(fit) ? services.slice(fit) : [];

  return (
    <nav className="category-bar" aria-label="Service categories">
      <MenuButton
        testId="category-menu"
        align="start"
        ariaLabel="Choose a category"
        buttonClassName="category-select"
        maxHeight={dropdownMaxHeight}
        currentKey={String(chosen.service_code_group_id)}
        label={
          <>
            <span>{chosen.name}</span>
            <ChevronDownIcon size={16} />
          </>
        }
        items={categories.map((c) => ({
          key: String(c.service_code_group_id),
          label: c.name,
          href: categoryHref(c.service_code_group_id),
          onSelect: () => setChosenId(c.service_code_group_id),
        }))}
      />
      <div className="chip-scroller">
        <ul className="chip-track" ref={trackRef}>
          {services.length === 0 ? (
            <li>
              <AppLink className="chip" href={categoryHref(chosen.service_code_group_id)}>
                Explore {chosen.name}
              </AppLink>
            </li>
          ) : (
            services.map((s, i) => {
              const hidden = i >= fit;
              return (
                <li key={s.service_id} className={hidden ? "is-overflow" : undefined} aria-hidden={hidden || undefined}>
                  <AppLink
                    className="chip"
                    href={serviceChipHref(chosen.service_code_group_id, s.service_id)}
                    tabIndex={hidden ? -1 : undefined}
                  >
                    {s.description}
                  </AppLink>
                </li>
              );
            })
          )}
        </ul>
      </div>
      {overflow.length > 0 && (
        <div ref={moreRef} className="chip-more">
          <MenuButton
            testId="chip-more"
            ariaLabel={`More ${chosen.name} services`}
            buttonClassName="chip chip-more-button"
            maxHeight={dropdownMaxHeight}
            label={
              <>
                More <ChevronDownIcon size={14} />
              </>
            }
            items={overflow.map((s) => ({
              key: String(s.service_id),
              label: s.description,
              href: serviceChipHref(chosen.service_code_group_id, s.service_id),
            }))}
          />
        </div>
      )}
    </nav>
  );
}
