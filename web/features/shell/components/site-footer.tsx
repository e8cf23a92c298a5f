import { BRAND, telHref } from "../../../config/brand";
import { AppLink } from "../../../components/ui/app-link";
import { Logo } from "../../../components/ui/logo";
import { useShell } from "../../../stores/shell-context";

const COLUMNS: Array<{ title: string; links: Array<[string, string]> }> = [
  {
    title: "Book",
    links: [
      ["All services", "/services"],
      ["Find a pro", "/vendors"],
      ["Gift cards & credits", "/giftcard"],
      ["Beauty membership", "/membership"],
      ["Business services", "/connect"],
    ],
  },
  {
    title: "Company",
    links: [
      ["Journal", "/blogs"],
      ["Foundation", "/foundation"],
      ["Foundation recipients", "/foundation-recipients"],
      ["Affiliates", "/affiliates"],
      ["Ambassadors", "/ambassadors"],
      ["Alliances", "/alliances"],
      ["Become a pro", "/become-a-pro"],
    ],
  },
  {
    title: "Support",
    links: [
      ["Help center", "/help"],
      ["Terms and conditions", "/termsandconditions"],
      ["Privacy policy", "/privacypolicy"],
    ],
  },
];

export function SiteFooter({ mode }: { mode: "show" | "desktop-only" }) {
  const { supportPhone } = useShell();
  return (
    <footer id="site-footer" className={`site-footer${mode === "desktop-only" ? " footer-desktop-only" : ""}`}>
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>
            {BRAND.tagline}. Vetted, insured professionals, upfront prices by ZIP code, and support that picks up the
            phone.
          </p>
          <p className="footer-contact">
            <a href={telHref(supportPhone)}>{supportPhone}</a>
            <span aria-hidden="true"> · </span>
            <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title} className="footer-col">
            <h2 className="footer-title">{col.title}</h2>
            <ul>
              {col.links.map(([label, href]) => (
                <li key={href}>
                  <AppLink href={href}>{label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-base">
        <p>
          © {new Date().getFullYear()} {BRAND.legalName} All rights reserved.
        </p>
        <p>Services are performed by independent professionals.</p>
      </div>
    </footer>
  );
}
