import { useEffect, useRef, useState } from "react";
import { holdLeft } from "../../../domain/slot-format";
import { ClockIcon } from "../ui/icons";

/** Moments worth saying out loud; the clock itself is silent (role="timer"). */
const ANNOUNCE_AT_S = [300, 60];

/**
 * How long a held time stays reserved (15 minutes from the add, decision 011). Ticks every second, tells
 * screen readers at 5 and 1 minute and at the end, and calls `onExpire` once when the hold lapses.
 */
export function HoldCountdown({
  expiresAt,
  onExpire,
  label = "Held for",
}: {
  expiresAt: string | null;
  onExpire?(): void;
  label?: string;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [spoken, setSpoken] = useState("");
  const expiredRef = useRef(false);
  const announcedRef = useRef(new Set<number>());
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    expiredRef.current = false;
    announcedRef.current = new Set();
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [expiresAt]);

  const left = holdLeft(expiresAt, now);

  useEffect(() => {
    const seconds = Math.ceil(left.ms / 1000);
    for (const mark of ANNOUNCE_AT_S) {
      if (seconds <= mark && seconds > mark - 5 && !announcedRef.current.has(mark)) {
        announcedRef.current.add(mark);
        setSpoken(`${mark / 60} ${mark === 60 ? "minute" : "minutes"} left on your held time.`);
      }
    }
    if (left.expired && !expiredRef.current) {
      expiredRef.current = true;
      setSpoken("Your held time was released.");
      onExpireRef.current?.();
    }
  }, [left.ms, left.expired]);

  const urgent = !left.expired && left.ms <= 120_000;
  return (
    <span className={`hold${urgent ? " is-urgent" : ""}${left.expired ? " is-expired" : ""}`}>
      <ClockIcon size={15} />
      <span
        role="timer"
        data-testid="hold-countdown"
        // A server-rendered cart counts from the server's second; the browser's first tick corrects it.
        suppressHydrationWarning
        aria-label={left.expired ? "Hold ended" : `${label} ${left.spoken}`}
      >
        {left.expired ? "Hold ended" : `${label} ${left.clock}`}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {spoken}
      </span>
    </span>
  );
}
