import { serviceFeeCents } from "../../../../domain/checkout-rules";
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { formatDuration, formatLocalDateTime, todayIn } from "../../../../domain/slot-format";
import type { CartItemChecked, CartView } from "../../../../schema/payloads/cart";
import { HoldCountdown } from "../../../components/booking/hold-countdown";
import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { BagIcon, CalendarIcon, CloseIcon, PinIcon, UserIcon } from "../../../components/ui/icons";
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
import { formatCents, formatPrice } from "../../../lib/format";
import { setServiceZip } from "../../../lib/location";
import { usePageData } from "../../../lib/page-data";
import { useHydrated } from "../../../lib/use-hydrated";
import { notify } from "../../../stores/alert-store";
import { cartStore } from "../../../stores/cart-store";
import { settingsStore } from "../../../stores/settings-store";
import { useShell, useViewer } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";
import { getVendorProfile } from "../api/get-vendor-profile";
import { ChangeTime } from "./change-time";

type Alternative = CartItemChecked["alternative"];

interface CheckState {
  status: CartItemChecked["status"];
  alternative: Alternative;
}

/** An item the re-validation removed (docs/product.md section 8 CART_ITEM_NOT_AVAILABLE), kept to offer its nearest time. */
interface Removed {
  item: MirrorItem;
  alternative: Alternative;
  /** The hold ran out (rather than the time being taken). */
  lapsed: boolean;
  busy?: boolean;
  error?: string;
}

function checksOf(cart: CartView | undefined): Map<number, CheckState> {
  const next = new Map<number, CheckState>();
  for (const i of cart?.items ?? []) next.set(i.cartitemid, { status: i.status, alternative: i.alternative ?? null });
  return next;
}

function when(local: string | null, tz: string, instant?: string | null): string {
  if (!local) return "Time to be confirmed";
  return formatLocalDateTime(local, { timeZone: tz, instant, today: todayIn(tz, Date.now()) });
}

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
  const seed = usePageData()?.seeds.cart as CartView | undefined;
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
  const subtotal = valid.reduce((sum, i) => sum + (i.price_cents ?? 0), 0);
  const showSkeleton =
    seed === undefined && (!hydrated || (checking && items.length === 0 && removed.length === 0 && !checkError));

  return (
    <Page
      title="Your cart"
      intro={zip ? `Services at your address in ${zip}.` : "Review your services before checking out."}
    >
      {removed.length > 0 && (
        <ul className="cart-notices" aria-label="Removed from your cart">
          {removed.map((r) => (
            <li key={r.item.cartitemid} className="cart-notice" role="status">
              <div className="cart-notice-text">
                <p>
                  <strong>{nameOf(r.item)}</strong>{" "}
                  {r.item.selectedDate ? `on ${when(r.item.selectedDate, r.item.time_zone, r.item.selected_at)} ` : ""}
                  {r.lapsed
                    ? "was removed: your 15-minute hold ended and the time was released."
                    : "is no longer available at that time and was removed."}
                </p>
                {r.error && <p className="field-error">{r.error}</p>}
              </div>
              <div className="cart-notice-actions">
                {r.alternative && zip && (
                  <button
                    type="button"
                    className="button button-primary button-sm"
                    disabled={r.busy}
                    onClick={() => void holdAgain(r)}
                  >
                    {r.busy
                      ? "Holding…"
                      : r.alternative.selectedDate === r.item.selectedDate
                        ? "Hold it again"
                        : `Hold ${when(r.alternative.selectedDate, r.item.time_zone)}`}
                  </button>
                )}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Dismiss the notice about ${nameOf(r.item)}`}
                  onClick={() => setRemoved((list) => list.filter((x) => x !== r))}
                >
                  <CloseIcon size={18} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {showSkeleton ? (
        <div className="cart-layout" aria-label="Loading your cart">
          <div className="cart-items">
            {[0, 1].map((i) => (
              <div key={i} className="cart-item" aria-hidden="true">
                <span className="skeleton cart-thumb" />
                <div style={{ flex: 1 }}>
                  <span className="skeleton" style={{ display: "block", height: 18, width: "50%" }} />
                  <span className="skeleton" style={{ display: "block", height: 14, width: "70%", marginTop: 12 }} />
                </div>
              </div>
            ))}
          </div>
        </div>
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
              {items.map((i) => {
                const check = checks.get(i.cartitemid);
                const moved = check?.status === "CART_ITEM_DATE_CHANGED";
                const slug = slugOf(i);
                const name = nameOf(i);
                return (
                  <li
                    key={i.cartitemid}
                    className={`cart-item${moved ? " is-moved" : ""}`}
                    data-testid="cart-item"
                    aria-label={name}
                  >
                    <div className="cart-item-main">
                      {i.display?.image ? (
                        <img className="cart-thumb" src={i.display.image} alt="" width={96} height={72} />
                      ) : (
                        <span className="cart-thumb cart-thumb-empty" aria-hidden="true">
                          <CalendarIcon size={22} />
                        </span>
                      )}
                      <div className="cart-item-text">
                        <h2 className="cart-item-name">
                          {slug ? <AppLink href={`/services/${slug}`}>{name}</AppLink> : name}
                        </h2>
                        <p className="cart-item-line">
                          <CalendarIcon size={15} />
                          <span className="cart-item-when">{when(i.selectedDate, i.time_zone, i.selected_at)}</span>
                        </p>
                        <p className="cart-item-line">
                          <UserIcon size={15} />
                          {i.vendor_id !== null ? (
                            <AppLink href={`/vendor/${i.vendor_id}`}>{i.display?.vendor_name ?? "Your pro"}</AppLink>
                          ) : (
                            <span>First available pro</span>
                          )}
                          <span className="muted">· {formatDuration(i.totalDuration)}</span>
                        </p>
                      </div>
                      <div className="cart-item-side">
                        <strong className="cart-item-price">{formatPrice(i.price_cents)}</strong>
                        {!moved && <HoldCountdown expiresAt={i.hold_expires_at} onExpire={() => void validate()} />}
                      </div>
                    </div>

                    {moved && (
                      <div className="cart-moved" role="status">
                        <p>
                          <strong>This time isn't offered any more.</strong>{" "}
                          {check.alternative
                            ? `The nearest free time is ${when(check.alternative.selectedDate, i.time_zone, check.alternative.selected_at)}.`
                            : "Please choose another time."}
                        </p>
                      </div>
                    )}

                    {editing === i.cartitemid && zip ? (
                      <ChangeTime
                        item={i}
                        zip={zip}
                        suggested={moved ? (check.alternative?.selectedDate ?? null) : null}
                        onCancel={() => setEditing(null)}
                        onDone={(updated) => {
                          setEditing(null);
                          setChecks((m) => new Map(m).set(updated.cartitemid, { status: "ok", alternative: null }));
                          notify(
                            "success",
                            `${name} moved to ${when(updated.selectedDate, updated.time_zone, updated.selected_at)}.`,
                          );
                        }}
                      />
                    ) : (
                      <div className="cart-item-actions">
                        {zip && (
                          <button
                            type="button"
                            className={`button button-sm ${moved ? "button-primary" : "button-secondary"}`}
                            onClick={() => setEditing(i.cartitemid)}
                            disabled={busyId === i.cartitemid}
                          >
                            {moved ? "Choose a new time" : "Change time"}
                          </button>
                        )}
                        <button
                          type="button"
                          className="button button-ghost button-sm"
                          data-testid="cart-remove"
                          aria-label={`Remove ${name}`}
                          disabled={busyId === i.cartitemid}
                          onClick={() => void remove(i)}
                        >
                          {busyId === i.cartitemid ? "Removing…" : "Remove"}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="cart-fine">
              Each time is held for 15 minutes. When a hold runs out we release the time, and you can hold it again if
              it's still free.
            </p>
          </div>

          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-summary-title">
              Summary
            </h2>
            <dl className="cart-totals">
              {valid.map((i) => (
                <div key={i.cartitemid}>
                  <dt>{nameOf(i)}</dt>
                  <dd>{formatCents(i.price_cents)}</dd>
                </div>
              ))}
              <div className="cart-total">
                <dt>
                  Subtotal ({valid.length} {valid.length === 1 ? "service" : "services"})
                </dt>
                <dd>{formatCents(subtotal)}</dd>
              </div>
              <div>
                <dt>Service fee</dt>
                <dd>{formatCents(serviceFeeCents(subtotal))}</dd>
              </div>
              <div className="cart-total">
                <dt>Estimated total</dt>
                <dd>{formatCents(subtotal + serviceFeeCents(subtotal))}</dd>
              </div>
            </dl>
            <p className="cart-fine">
              Member discounts, credits and gift cards are applied at checkout. You pay when you book; changes are free
              up to 24 hours before.
            </p>
            {needsAction.length > 0 && (
              <p className="field-error">
                Choose a new time for the highlighted {needsAction.length === 1 ? "service" : "services"} first.
              </p>
            )}
            {valid.length > 0 && needsAction.length === 0 ? (
              <AppLink href="/checkout" className="button button-primary button-block" data-testid="cart-checkout">
                Checkout
              </AppLink>
            ) : (
              <button type="button" className="button button-primary button-block" disabled data-testid="cart-checkout">
                Checkout
              </button>
            )}
            <AppLink href="/services" className="button button-ghost button-block">
              Add another service
            </AppLink>
            {zip && (
              <p className="cart-fine cart-zip">
                <PinIcon size={14} /> Service address ZIP {zip}
              </p>
            )}
          </aside>
        </div>
      )}
    </Page>
  );
}
