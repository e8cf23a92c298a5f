import { BRAND, telHref } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { GiftIcon, HeartIcon, SparkleIcon } from "../../../components/ui/icons";
import { useShell } from "../../../stores/shell-context";

export function GiftCardPage() {
  const { supportPhone, viewer } = useShell();
  return (
    <Page
      eyebrow="Gifts and credits"
      title="Give an hour just for them"
      intro={`A ${BRAND.name} eGift card lets someone you love choose a massage, a blowout, a manicure or any service we offer, at home and at a time that suits them.`}
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <GiftIcon />
          </div>
          <h3>eGift cards</h3>
          <p>
            Sent by email on the day you choose (that morning, or at once for today), with your personal message. The
            recipient can use it on any service, anywhere we operate, and it never expires.
          </p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <SparkleIcon />
          </div>
          <h3>Account credits</h3>
          <p>
            Credits live in My Wallet. They come from redeemed gift cards, referrals and our care team, and are used
            automatically at checkout before your card is charged.
          </p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <HeartIcon />
          </div>
          <h3>Gifting for teams</h3>
          <p>
            Thank a team or a client list with gift cards in bulk, each with its own code. We'll help with the delivery
            list and messages.
          </p>
        </div>
      </div>

      <div className="prose">
        <h2>How to redeem a gift card</h2>
        <ol>
          <li>Log in or create an account. It's free and takes a minute.</li>
          <li>Open My Wallet, or Redeem a gift card below, and enter the code from the gift email.</li>
          <li>
            The full value becomes credit on your account and is applied to your next bookings until it's used up.
          </li>
        </ol>
        <h2>Good to know</h2>
        <ul>
          <li>Gift cards and credits don't expire and have no fees.</li>
          <li>Credits can pay for services and tips, and can be combined with a card for larger bookings.</li>
          <li>Gift cards can't be exchanged for cash, except where the law requires it.</li>
          <li>Keep the gift email: the code in it is what the recipient redeems. Lost it? Call our care team.</li>
        </ul>
      </div>

      <div className="callout">
        <div>
          <h2>Prefer to order by phone?</h2>
          <p>
            Buy below in a minute, or call us and we'll set up a gift card for you, including a corporate order for a
            whole team.
          </p>
        </div>
        <div className="empty-actions" style={{ marginTop: 0 }}>
          <a href={telHref(supportPhone)} className="button button-primary">
            Call {supportPhone}
          </a>
          <AppLink href="/account/wallet" className="button button-secondary">
            {viewer ? "Open My Wallet" : "Redeem a gift card"}
          </AppLink>
        </div>
      </div>
    </Page>
  );
}
