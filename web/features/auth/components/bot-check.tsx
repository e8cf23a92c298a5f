import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { LOCAL_BOTCHECK_TOKEN } from "../../../../schema/payloads/shell";
import { FormError } from "../../../components/ui/field";
import { useShell } from "../../../stores/shell-context";

/**
 * The bot check of the forms that text a phone or create an account (decisions 055, 057). With the local
 * pass-through the form sends LOCAL_BOTCHECK_TOKEN and shows nothing (one-click local use). With Turnstile the
 * form renders Cloudflare's widget (its script loaded on demand from challenges.cloudflare.com, which the page's
 * CSP allows only then) and sends the widget's token; a token is single use, so `take()` hands it over and
 * resets the widget for the next submit.
 */
export interface BotCheck {
  /** Render inside the form (null with the local pass-through). */
  widget: ReactNode;
  /** The token to send, or null when the visitor has not passed the check yet. Resets the widget. */
  take(): string | null;
  /** Shown when take() answered null. */
  missingMessage: string;
}

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id: string): void;
  remove(id: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

let scriptLoad: Promise<TurnstileApi> | null = null;

/** Loads Turnstile's script once. A script added by our own (nonce-trusted) code passes 'strict-dynamic'. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("no turnstile")));
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error("The bot check could not load."));
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

export function useBotCheck(): BotCheck {
  const { botcheck } = useShell();
  const [token, setToken] = useState<string | null>(null);
  const widgetId = useRef<string | null>(null);
  const tokenRef = useRef<string | null>(null);
  tokenRef.current = token;

  const take = useCallback((): string | null => {
    if (botcheck.provider === "local") return LOCAL_BOTCHECK_TOKEN;
    const current = tokenRef.current;
    if (current && widgetId.current && window.turnstile) {
      window.turnstile.reset(widgetId.current);
      setToken(null);
    }
    return current;
  }, [botcheck.provider]);

  if (botcheck.provider === "local") return { widget: null, take, missingMessage: "" };
  if (!botcheck.siteKey) {
    return {
      widget: (
        <FormError message="This form can't be sent right now: the bot check is not set up on this site. Please contact support." />
      ),
      take: () => null,
      missingMessage: "The bot check is not set up on this site.",
    };
  }
  return {
    widget: <TurnstileWidget siteKey={botcheck.siteKey} onToken={setToken} widgetId={widgetId} />,
    take,
    missingMessage: "Please complete the check above the button first.",
  };
}

function TurnstileWidget({
  siteKey,
  onToken,
  widgetId,
}: {
  siteKey: string;
  onToken(token: string | null): void;
  widgetId: React.MutableRefObject<string | null>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled || !box.current) return;
        widgetId.current = api.render(box.current, {
          sitekey: siteKey,
          callback: (t: string) => onToken(t),
          "expired-callback": () => onToken(null),
          "error-callback": () => {
            onToken(null);
            setFailed("The bot check failed. Please reload the page and try again.");
          },
        });
      })
      .catch((err: Error) => !cancelled && setFailed(err.message));
    return () => {
      cancelled = true;
      if (widgetId.current && window.turnstile) window.turnstile.remove(widgetId.current);
      widgetId.current = null;
      onToken(null);
    };
  }, [siteKey, onToken, widgetId]);
  return (
    <div className="bot-check">
      <div ref={box} data-testid="turnstile-widget" />
      <FormError message={failed} />
    </div>
  );
}
