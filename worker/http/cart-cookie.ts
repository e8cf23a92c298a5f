import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { CART_COOKIE, CART_COOKIE_MAX_AGE_S, cartOwnerOf, type CartOwner } from "../cart/cart-store";
import type { AppEnv } from "./types";

/**
 * The HTTP side of the cart's owner (docs/decisions/011-holds-and-cart.md): the signed-in viewer and the
 * `__Host-cart` cookie. Only routes read and write the cookie; the cart services take the owner as a value.
 */

/** Whose cart this request works on: the viewer's id and the hash of the visitor cookie's token. */
export function cartOwner(c: Context<AppEnv>): Promise<CartOwner> {
  return cartOwnerOf(c.get("viewer")?.user_id ?? null, getCookie(c, CART_COOKIE));
}

export function setVisitorCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, CART_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

export function clearVisitorCookie(c: Context<AppEnv>): void {
  deleteCookie(c, CART_COOKIE, { path: "/", secure: true });
}
