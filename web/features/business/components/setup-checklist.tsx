import type { SetupView } from "../../../../schema/contracts/business";
import { AppLink } from "../../../components/ui/app-link";
import { CheckIcon } from "../../../components/ui/icons";

type Key = SetupView["items"][number]["key"];

/** What each step asks, in the pro's words. */
const LABELS: Record<Key, { todo: string; done: string; why: string }> = {
  agreement: {
    todo: "Sign the professional agreement",
    done: "Agreement signed",
    why: "Needed before your first job.",
  },
  services: {
    todo: "Choose the services you offer",
    done: "Services chosen",
    why: "Switch on at least one service to be offered jobs.",
  },
  licences: {
    todo: "Get your licences approved",
    done: "Licences approved",
    why: "Licensed services are offered only while their licence is approved and current.",
  },
  area: { todo: "Set your service area", done: "Service area set", why: "Jobs are offered within your radius." },
  hours: { todo: "Set your working hours", done: "Working hours set", why: "You're offered jobs only when you work." },
  photo: {
    todo: "Add a profile photo",
    done: "Profile photo approved",
    why: "Clients see your photo when they book you.",
  },
  payouts: {
    todo: "Add your payout account",
    done: "Payout account ready",
    why: "Your earnings are held until you can be paid out.",
  },
};

/** Live when the pro can receive offers (domain/vendors/setup.ts); shown on the dashboard's title row. */
export function ReadyLabel({ setup }: { setup: SetupView | null }) {
  if (!setup) return null;
  return setup.live ? null : (
    <span className="live-pill" data-testid="setup-not-live">
      <span className="live-dot" aria-hidden="true" />
      {/* "yet" promises a way forward: only a new pro who has steps left gets it; the account notice explains the rest. */}
      {setup.account_state === "active" ? "Not live yet" : "Not live"}
    </span>
  );
}

/**
 * The new pro's setup checklist (issue 21; docs/decisions/131): every step with a link to where it is done,
 * shown until every step is done. Whether the pro is Live is the same rule the offer code follows.
 */
export function SetupChecklist({ setup }: { setup: SetupView | null }) {
  if (!setup || setup.complete) return null;
  const left = setup.items.filter((i) => !i.done).length;
  const blocking = new Set(setup.not_live_because);
  return (
    <section className="card setup-card" aria-labelledby="setup-title" data-testid="setup-checklist">
      <h2 id="setup-title" className="biz-section-title">
        Get set up
        <span className="muted setup-count">
          {setup.items.length - left} of {setup.items.length} done
        </span>
      </h2>
      <p data-testid="setup-live" className={setup.live ? "setup-live is-live" : "setup-live"}>
        {setup.live
          ? "You're Live: you receive job offers. Finish the steps below to get paid and look your best."
          : setup.account_state === "active"
            ? "You're not live yet: you receive job offers once the steps marked “needed for offers” are done."
            : "You're not live: your account does not receive new job offers right now."}
      </p>
      <ol className="setup-list">
        {setup.items.map((item) => {
          const label = LABELS[item.key];
          return (
            <li
              key={item.key}
              className={item.done ? "setup-item is-done" : "setup-item"}
              data-testid={`setup-${item.key}`}
              data-done={item.done ? "true" : "false"}
            >
              <span className="setup-mark" aria-hidden="true">
                {item.done ? <CheckIcon size={16} /> : null}
              </span>
              {item.done ? (
                <span className="setup-text">
                  {label.done}
                  <span className="sr-only"> (done)</span>
                </span>
              ) : (
                <span className="setup-text">
                  <AppLink href={item.href} className="setup-link">
                    {label.todo}
                  </AppLink>
                  <span className="muted setup-why">
                    {label.why}
                    {blocking.has(item.key) && <strong className="setup-needed"> Needed for offers.</strong>}
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
