import { Dialog } from "../../../components/ui/dialog";
import { AppLink } from "../../../components/ui/app-link";
import { BagIcon, ListIcon, ShareIcon } from "../../../components/ui/icons";
import { notify } from "../../../stores/alert-store";
import { PRO_LINKS } from "../../../components/layout/pro-nav";

async function shareVendorPage(vendorId: number) {
  const url = `${window.location.origin}/vendor/${vendorId}`;
  try {
    if (navigator.share) {
      await navigator.share({ title: "Book me on Glow At Home", url });
      return;
    }
    await navigator.clipboard.writeText(url);
    notify("success", "Your booking page link was copied. Share it with your clients.");
  } catch (err) {
    if ((err as DOMException)?.name !== "AbortError") notify("info", `Your booking page: ${url}`);
  }
}

/**
 * The business area's "More" sheet on phones (issue 21): with the bottom bar's four tabs it is the one
 * navigation of the area on a phone. It holds the profile screens (the row under the business bar on wider
 * screens), the logs, and sharing the pro's booking page.
 */
export default function BusinessMoreSheet({
  open,
  onClose,
  vendorId,
}: {
  open: boolean;
  onClose(): void;
  vendorId: number;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="More" size="sm" testId="business-more-sheet">
      <nav aria-label="More business pages">
        <ul className="more-list">
          {PRO_LINKS.map(([label, href]) => (
            <li key={href}>
              <AppLink href={href} className="more-link" activeMatch="exact" onClick={onClose}>
                {label}
              </AppLink>
            </li>
          ))}
          <li>
            <AppLink href="/business/products" className="more-link" activeMatch="exact" onClick={onClose}>
              <BagIcon size={18} /> Products
            </AppLink>
          </li>
          <li>
            <AppLink href="/business?view=logs" className="more-link" onClick={onClose} data-testid="more-logs">
              <ListIcon size={18} /> Logs
            </AppLink>
          </li>
          <li>
            <button
              type="button"
              className="more-link"
              data-testid="more-share"
              onClick={() => {
                onClose();
                void shareVendorPage(vendorId);
              }}
            >
              <ShareIcon size={18} /> Share my booking page
            </button>
          </li>
        </ul>
      </nav>
    </Dialog>
  );
}
