import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CartView } from "../../../../schema/payloads/cart";
import { EmptyState, Page } from "../../../components/layout/page";
import { BagIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import {
  adoptCart,
  addToCart,
  fetchCart,
  newIdempotencyKey,
  refusalOf,
  rememberDisplay,
  removeFromCart,
  type CartItemDisplay,
  type MirrorItem,
} from "../../../lib/cart-api";
import { cartQuery } from "../../../lib/cart-query";
import { setServiceZip } from "../../../lib/location";
import { usePageData } from "../../../lib/page-data";
import { useHydrated } from "../../../lib/use-hydrated";
import { notify } from "../../../stores/alert-store";
import { cartStore } from "../../../stores/cart-store";
import { settingsStore } from "../../../stores/settings-store";
import { useShell, useViewer } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";
import { getVendorProfile } from "../api/get-vendor-profile";
import { CartItemRow } from "./cart-item-row";
import { CartNotices } from "./cart-notices";
import { CartSkeleton } from "./cart-skeleton";
import { CartSummary } from "./cart-summary";
import { checksOf, when, type CheckState, type Removed } from "./cart-view";

/**
 * /cart: the server's cart, re-validated on load (GET /booking/cart) and whenever a hold runs out. Items
 * whose time is gone are removed with a notice that offers the nearest free time (CART_ITEM_NOT_AVAILABLE);
 * items whose time moved are highlighted with the alternative (CART_ITEM_DATE_CHANGED). Each item shows its
 * pro, its local time in the service zone, duration, price and hold countdown, and can be moved
 * (service-update-cart) or removed (service-remove-cart). Renders from the local mirror first.
 */
export function CartPage() {
  const hydrated = useHydrated();
  const viewer = useViewer();
  const router = useRouter();
  const { categories } = useShell();
  const settingsZip = settingsStore.use((s) => s.zipcode) ?? null;
  const mirror = cartStore.use((s) => s.items) as unknown as MirrorItem[];
  // The cart the server render read (route loader); it is the first validation, so the browser does not read
  // the cart again on load. Until it is adopted into the mirror, the page shows it as it came.
  const seed = usePageData()?.seeds[cartQuery.key()] as CartView | undefined;
  const seedRef = useRef<CartView | undefined>(seed);
  const [adopted, setAdopted] = useState(seed === undefined);
  const items = adopted ? mirror : (seed!.items as MirrorItem[]);

  const [checks, setChecks] = useState<Map<number, CheckState>>(() => checksOf(seed));
  const [removed, setRemoved] = useState<Removed[]>([]);
  const [cartZip, setCartZip] = useState<string | null>(seed?.zipCode ?? null);
  const [checking, setChecking] = useState(seed === undefined);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const runningRef = useRef<Promise<void> | null>(null);

  const validate = useCallback(async () => {
    if (runningRef.current) return runningRef.current;
    const run = (async () => {
      setChecking(true);
      try {
        const seeded = seedRef.current;
        seedRef.current = undefined;
        const cart = seeded ? adoptCart(seeded) : await fetchCart();
        setAdopted(true);
        setCartZip(cart.zipCode);
        setCheckError(null);
        setChecks(checksOf(cart));
        const gone = cart.items.filter((i) => i.status === "CART_ITEM_NOT_AVAILABLE");
        if (gone.length > 0) {
          const now = Date.now();
          const notices: Removed[] = gone.map((i) => ({
            item: { ...i, display: items.find((m) => m.cartitemid === i.cartitemid)?.display },
            alternative: i.alternative ?? null,
            lapsed: i.hold_expires_at !== null && Date.parse(i.hold_expires_at) <= now,
          }));
          await Promise.all(gone.map((i) => removeFromCart(i.cartitemid).catch(() => undefined)));
          setRemoved((prev) => [
            ...prev.filter((r) => !gone.some((g) => g.cartitemid === r.item.cartitemid)),
            ...notices,
          ]);
        }
      } catch (err) {
        setCheckError(errorMessage(err));
      } finally {
        setChecking(false);
        runningRef.current = null;
      }
    })();
    runningRef.current = run;
    return run;
  }, [items]);

  // On load, and again when someone signs in here (their carts were merged).
  useEffect(() => {
    if (!hydrated) return;
    void validate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on load and on sign-in, not on each cart change
  }, [hydrated, viewer?.user_id]);

  const zip = cartZip ?? settingsZip;

  // Names for items added elsewhere (another device, before the mirror kept them).
  const enrichedRef = useRef(new Set<number>());
  useEffect(() => {
    if (!zip) return;
    const missing = [
      ...new Set(
        items
          .filter((i) => i.vendor_id !== null && !i.display?.vendor_name)
          .map((i) => i.vendor_id as number)
          .filter((v) => !enrichedRef.current.has(v)),
      ),
    ];
    if (missing.length === 0) return;
    for (const v of missing) enrichedRef.current.add(v);
    void Promise.all(missing.map((v) => getVendorProfile(zip, v).catch(() => null))).then((profiles) => {
      const byVendor = new Map(profiles.filter((p) => p !== null).map((p) => [p!.vendor_id, p!]));
      const details = new Map<number, CartItemDisplay>();
      for (const i of items) {
        const p = i.vendor_id !== null ? byVendor.get(i.vendor_id) : undefined;
        if (p) details.set(i.cartitemid, { vendor_name: p.display_name, vendor_photo: p.photo });
      }
      rememberDisplay(details);
    });
  }, [items, zip]);

  const serviceInfo = useMemo(() => {
    const map = new Map<number, { description: string; slug: string }>();
    for (const c of categories) for (const s of c.services) map.set(s.service_id, s);
    return map;
  }, [categories]);

  const nameOf = (i: MirrorItem) =>
    i.display?.service_name ?? serviceInfo.get(i.service_id)?.description ?? i.service_code;
  const slugOf = (i: MirrorItem) => i.display?.slug ?? serviceInfo.get(i.service_id)?.slug;

  const remove = async (i: MirrorItem) => {
    setBusyId(i.cartitemid);
    try {
      await removeFromCart(i.cartitemid);
      notify("success", `Removed ${nameOf(i)} from your cart.`);
      if (editing === i.cartitemid) setEditing(null);
    } catch (err) {
      notify("error", errorMessage(err));
    } finally {
      setBusyId(null);
    }
  };

  const holdAgain = async (r: Removed) => {
    const selectedDate = r.alternative?.selectedDate;
    if (!selectedDate || !zip) return;
    setRemoved((list) => list.map((x) => (x === r ? { ...x, busy: true, error: undefined } : x)));
    try {
      await addToCart(
        {
          zipCode: zip,
          serviceId: r.item.service_id,
          vendorId: r.item.vendor_id,
          hint_v: r.item.vendor_id === null ? r.item.held_by_vendor_id : null,
          selectedDate,
          idempotencyKey: newIdempotencyKey(),
        },
        r.item.display ?? { service_name: nameOf(r.item), slug: slugOf(r.item) },
        viewer ? "user" : "visitor",
      );
      setRemoved((list) => list.filter((x) => x.item.cartitemid !== r.item.cartitemid));
      notify("success", `${nameOf(r.item)} is back in your cart.`);
    } catch (err) {
      const refusal = refusalOf(err);
      setRemoved((list) =>
        list.map((x) =>
          x.item.cartitemid === r.item.cartitemid
            ? refusal
              ? { ...x, busy: false, alternative: refusal.alternative, error: "That time was just taken too." }
              : { ...x, busy: false, error: errorMessage(err) }
            : x,
        ),
      );
    }
  };

  const valid = items.filter((i) => (checks.get(i.cartitemid)?.status ?? "ok") === "ok");
  const needsAction = items.filter((i) => checks.get(i.cartitemid)?.status === "CART_ITEM_DATE_CHANGED");
  const showSkeleton =
    seed === undefined && (!hydrated || (checking && items.length === 0 && removed.length === 0 && !checkError));

  return (
    <Page
      title="Your cart"
      intro={zip ? `Services at your address in ${zip}.` : "Review your services before checking out."}
    >
      {removed.length > 0 && (
        <CartNotices
          removed={removed}
          zip={zip}
          nameOf={nameOf}
          onHoldAgain={(r) => void holdAgain(r)}
          onDismiss={(r) => setRemoved((list) => list.filter((x) => x !== r))}
        />
      )}
      {showSkeleton ? (
        <CartSkeleton />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<BagIcon size={28} />}
          title="Your cart is empty"
          steps={[
            { label: "Browse services", href: "/services", primary: true },
            { label: "Find a pro", href: "/vendors" },
          ]}
        >
          <p>Choose a service and a time, and we'll hold it here for 15 minutes while you check out.</p>
        </EmptyState>
      ) : (
        <div className="cart-layout">
          <div className="cart-items">
            {checkError && (
              <div className="cart-warning" role="alert">
                <p>We couldn't check your times just now. {checkError}</p>
                <button type="button" className="button button-secondary button-sm" onClick={() => void validate()}>
                  Try again
                </button>
              </div>
            )}
            {settingsZip && cartZip && settingsZip !== cartZip && (
              <div className="cart-warning" role="status">
                <p>
                  These services are for ZIP {cartZip}, but your location is set to {settingsZip}. Prices and pros
                  depend on the address.
                </p>
                <button
                  type="button"
                  className="button button-secondary button-sm"
                  onClick={() => setServiceZip(router, cartZip)}
                >
                  Use {cartZip}
                </button>
              </div>
            )}
            {!zip && (
              <div className="cart-warning" role="status">
                <p>Set your ZIP code to check and change these times.</p>
                <button
                  type="button"
                  className="button button-secondary button-sm"
                  onClick={() => openZipBox({ redirectToCart: true })}
                >
                  Set ZIP
                </button>
              </div>
            )}
            <ul className="cart-list" aria-label="Services in your cart">
              {items.map((i) => (
                <CartItemRow
                  key={i.cartitemid}
                  i={i}
                  check={checks.get(i.cartitemid)}
                  name={nameOf(i)}
                  slug={slugOf(i)}
                  zip={zip}
                  editing={editing === i.cartitemid}
                  busy={busyId === i.cartitemid}
                  onEdit={() => setEditing(i.cartitemid)}
                  onCancelEdit={() => setEditing(null)}
                  onMoved={(updated) => {
                    setEditing(null);
                    setChecks((m) => new Map(m).set(updated.cartitemid, { status: "ok", alternative: null }));
                    notify(
                      "success",
                      `${nameOf(i)} moved to ${when(updated.selectedDate, updated.time_zone, updated.selected_at)}.`,
                    );
                  }}
                  onRemove={() => void remove(i)}
                  onHoldExpired={() => void validate()}
                />
              ))}
            </ul>
            <p className="cart-fine">
              Each time is held for 15 minutes. When a hold runs out we release the time, and you can hold it again if
              it's still free.
            </p>
          </div>

          <CartSummary valid={valid} needsAction={needsAction.length} zip={zip} nameOf={nameOf} />
        </div>
      )}
    </Page>
  );
}
