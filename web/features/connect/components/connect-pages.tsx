import { BRAND, telHref } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { BriefcaseIcon, HeartIcon, SparkleIcon } from "../../../components/ui/icons";
import { ConnectQueue } from "./connect-queue";
import { ConnectRequestForm } from "./connect-request-form";
import { ConnectTips } from "./connect-tips";
import { useShell } from "../../../stores/shell-context";

/** /connect: business services (offices, events, hospitality). */
export function ConnectPage() {
  const { supportPhone } = useShell();
  return (
    <Page
      width="wide"
      eyebrow="Glow At Home Connect"
      title="Beauty and wellness for your team, guests and events"
      intro="Chair massage in the office, a glam team for a launch, in-room treatments for hotel guests. We bring the professionals and handle the details."
    >
      <div className="feature-grid">
        <div className="feature">
          <div className="feature-icon">
            <BriefcaseIcon />
          </div>
          <h3>Office wellness days</h3>
          <p>
            Chair massage, manicures and grooming on site, scheduled in 15 or 30 minute slots your team books
            themselves.
          </p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <SparkleIcon />
          </div>
          <h3>Events and productions</h3>
          <p>Hair and makeup teams for photo shoots, launches, galas and weddings, with a single point of contact.</p>
        </div>
        <div className="feature">
          <div className="feature-icon">
            <HeartIcon />
          </div>
          <h3>Hospitality</h3>
          <p>In-room spa services for hotels and short-stay rentals, billed monthly to your property.</p>
        </div>
      </div>
      <ConnectRequestForm />
      <div className="callout">
        <div>
          <h2>Rather talk it through?</h2>
          <p>Tell us the date, the place and how many people. We'll send a proposal within one business day.</p>
        </div>
        <div className="empty-actions" style={{ marginTop: 0 }}>
          <a className="button button-primary" href={`mailto:${BRAND.partnersEmail}?subject=Business%20services`}>
            Email us
          </a>
          <a className="button button-secondary" href={telHref(supportPhone)}>
            Call {supportPhone}
          </a>
        </div>
      </div>
    </Page>
  );
}

/** /connect/admin: the connect admin area (group 31, or admins): the queue of business requests. */
export function ConnectAdminPage() {
  return (
    <Page
      width="wide"
      eyebrow="Connect admin"
      title="Business service requests"
      intro="Requests from companies, hotels and event planners. Assign or offer each to pros who offer the service; once a pro schedules it, send the business its invoice."
    >
      <ConnectQueue />
      <ConnectTips />
    </Page>
  );
}
