import { telHref } from "../../../config/brand";
import { Page, EmptyState } from "../../../components/layout/page";
import { CheckIcon, StarIcon } from "../../../components/ui/icons";
import { useShell } from "../../../stores/shell-context";

/** /membership: what the beauty membership is. Signing up arrives with the membership issue. */
export function MembershipPage() {
  const { supportPhone } = useShell();
  return (
    <Page
      eyebrow="Beauty membership"
      title="Treat yourself more often, for less"
      intro="Members get lower prices on every service, first pick of popular times and a few lovely extras, for one simple monthly fee."
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <StarIcon />
          </div>
          <h3>Member prices</h3>
          <p>A member price on every service, shown next to the regular price once you set your ZIP code.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <CheckIcon />
          </div>
          <h3>Priority booking</h3>
          <p>Book popular evening and weekend times before they open to everyone.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <CheckIcon />
          </div>
          <h3>Cancel any time</h3>
          <p>
            No contract. Cancel from your account and keep your benefits until the end of the month you've paid for.
          </p>
        </div>
      </div>
      <div className="callout">
        <div>
          <h2>Membership sign-up opens soon</h2>
          <p>
            We're finishing online sign-up. Want to be among the first members? Call us and we'll add you to the list.
          </p>
        </div>
        <a className="button button-primary" href={telHref(supportPhone)}>
          Call {supportPhone}
        </a>
      </div>
    </Page>
  );
}

/** /account/membership: the signed-in member's status. */
export function AccountMembershipPage() {
  return (
    <Page title="Membership" intro="Your beauty membership and its benefits.">
      <EmptyState
        icon={<StarIcon size={28} />}
        title="You're not a member yet"
        steps={[{ label: "See membership benefits", href: "/membership", primary: true }]}
      >
        <p>Members get lower prices on every service and priority access to popular times.</p>
      </EmptyState>
    </Page>
  );
}
