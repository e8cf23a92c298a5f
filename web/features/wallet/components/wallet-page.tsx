import { Page, EmptyState } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { formatCents } from "../../../lib/format";
import { useViewer } from "../../../stores/shell-context";

/** My Wallet: credit balance (from the profile, in cents), saved cards and gift card redemption. */
export function WalletPage() {
  const viewer = useViewer();
  const credit = Math.max(0, viewer?.credit_balance ?? 0);
  const immediate = Math.max(0, viewer?.immediate_credit_amt ?? 0);
  return (
    <Page title="My Wallet" intro="Your credits and payment methods, all in one place.">
      <section className="card" aria-labelledby="credits-title">
        <h2 className="card-title" id="credits-title">
          Account credit
        </h2>
        <p className="stat" style={{ border: 0, padding: 0, background: "none", marginTop: 8 }}>
          <strong data-testid="credit-total">{formatCents(credit + immediate)}</strong>
          <span>
            {immediate > 0
              ? `Includes ${formatCents(immediate)} available right away.`
              : "Applied automatically at checkout."}
          </span>
        </p>
        <p className="muted" style={{ marginTop: 10, fontSize: 14 }}>
          Credits come from gift cards, referrals and our care team.{" "}
          <AppLink href="/giftcard">How credits work</AppLink>
        </p>
      </section>
      <div style={{ marginTop: 16 }}>
        <EmptyState
          title="No saved payment methods"
          steps={[{ label: "Book a service", href: "/#book", primary: true }]}
        >
          <p>
            You can save a card securely when you check out, then pick it for future bookings and tips. Apple Pay and
            Google Pay are offered at checkout on supported devices.
          </p>
        </EmptyState>
      </div>
    </Page>
  );
}
