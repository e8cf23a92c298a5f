import { useEffect } from "react";
import { BRAND, telHref } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { useShell } from "../../../stores/shell-context";
import { FAQ } from "../data/faq";

export function HelpPage() {
  const { supportPhone } = useShell();

  // A link to /help#question opens that answer.
  useEffect(() => {
    const open = () => {
      const el = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (el instanceof HTMLDetailsElement) {
        el.open = true;
        el.scrollIntoView({ block: "start" });
      }
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);

  return (
    <Page
      width="wide"
      eyebrow="Help center"
      title="How can we help?"
      intro="Answers to the questions we hear most. Can't find yours? Our care team is a call or an email away."
    >
      <nav className="help-topics" aria-label="Help topics">
        {FAQ.map((g) => (
          <a key={g.id} className="chip" href={`#${g.id}`}>
            {g.title}
          </a>
        ))}
        <a className="chip" href="#contact">
          Contact us
        </a>
      </nav>
      <div className="help-layout">
        <div>
          {FAQ.map((group) => (
            <section key={group.id} id={group.id} className="faq-group" aria-labelledby={`${group.id}-title`}>
              <h2 className="faq-group-title" id={`${group.id}-title`}>
                {group.title}
              </h2>
              {group.items.map((item) => (
                <details key={item.id} id={item.id} className="faq-item">
                  <summary>{item.q}</summary>
                  <div className="faq-answer">{item.a}</div>
                </details>
              ))}
            </section>
          ))}
        </div>
        <aside className="help-aside" id="contact" aria-labelledby="contact-title">
          <div className="card">
            <h2 className="card-title" id="contact-title">
              Contact us
            </h2>
            <p className="muted">We're here {BRAND.supportHours}.</p>
            <p style={{ marginTop: 16 }}>
              <strong>Call or text</strong>
              <br />
              <a href={telHref(supportPhone)}>{supportPhone}</a>
            </p>
            <p style={{ marginTop: 12 }}>
              <strong>Email</strong>
              <br />
              <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
            </p>
            <p className="muted" style={{ marginTop: 16, fontSize: 14 }}>
              For an appointment today, calling is fastest. Please have your order number from My Orders handy.
            </p>
          </div>
        </aside>
      </div>
    </Page>
  );
}
