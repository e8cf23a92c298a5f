/**
 * A Connect account's state (Stripe's account object, which the local adapter also produces) as the columns of
 * connected_accounts: pending until details are submitted, then active when payouts are enabled, else restricted
 * (the provider needs more: requirements_due, disabled_reason).
 */

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

export function accountStateOf(obj: Record<string, unknown>) {
  const payoutsEnabled = obj.payouts_enabled === true;
  const detailsSubmitted = obj.details_submitted === true;
  const req = (obj.requirements ?? {}) as Record<string, unknown>;
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  const due = [...new Set([...list(req.past_due), ...list(req.currently_due)])].slice(0, 50);
  return {
    payouts_enabled: payoutsEnabled,
    charges_enabled: obj.charges_enabled === true,
    details_submitted: detailsSubmitted,
    requirements_due: JSON.stringify(due),
    disabled_reason: str(req.disabled_reason),
    status: (detailsSubmitted ? (payoutsEnabled ? "active" : "restricted") : "pending") as
      "active" | "restricted" | "pending",
  };
}
