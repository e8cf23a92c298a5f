import { AppLink } from "../ui/app-link";

/** The pro's profile screens: this row on wider screens, the "More" sheet on phones. */
export const PRO_LINKS: Array<[string, string]> = [
  ["Profile", "/business/profile"],
  ["Services", "/business/services"],
  ["Service area", "/business/service-area"],
  ["Licences", "/business/licences"],
  ["Connect details", "/business/connect-info"],
  ["Help & forum", "/business/help"],
];

/**
 * Links to the pro's profile screens, shown under the business bar on every business page on wider screens;
 * a phone reaches them from the bottom bar's "More" sheet (one navigation, issue 21).
 */
export function ProNav() {
  return (
    <nav className="container pro-nav" aria-label="Your profile">
      {PRO_LINKS.map(([label, href]) => (
        <AppLink key={href} href={href} className="area-link" activeMatch="exact">
          {label}
        </AppLink>
      ))}
    </nav>
  );
}
