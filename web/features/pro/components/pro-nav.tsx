import { AppLink } from "../../../components/ui/app-link";

const LINKS: Array<[string, string]> = [
  ["Profile", "/business/profile"],
  ["Services", "/business/services"],
  ["Service area", "/business/service-area"],
  ["Licences", "/business/licences"],
  ["Connect details", "/business/connect-info"],
  ["Help & forum", "/business/help"],
];

/**
 * Links to the pro's profile screens, shown under the business bar on every business page (the bar itself
 * belongs to the dashboard work).
 */
export function ProNav() {
  return (
    <nav className="container pro-nav" aria-label="Your profile">
      {LINKS.map(([label, href]) => (
        <AppLink key={href} href={href} className="area-link" activeMatch="exact">
          {label}
        </AppLink>
      ))}
    </nav>
  );
}
