import { formatLocalTime } from "../../lib/local-time";
import { useQuery } from "../../lib/query";
import { useViewer } from "../../stores/shell-context";
import { AppLink } from "../ui/app-link";
import { favouritesQuery } from "./visit-api";

/**
 * The signed-in customer's favourite pros with each one's next free time (docs/decisions/153): on the home
 * page (its route seeds the answer on the server, so it is in the first paint) and in the account.
 */
export function FavouritePros({ limit, title = "Your favourite pros" }: { limit?: number; title?: string }) {
  const viewer = useViewer();
  const list = useQuery(favouritesQuery, viewer ? {} : null);
  if (!viewer) return null;
  const items = list.data ? (limit ? list.data.slice(0, limit) : list.data) : [];
  if (limit && items.length === 0) return null; // the home page shows the row only when there is one
  return (
    <section className="favourite-pros container" aria-labelledby="favourite-pros-title" data-testid="favourite-pros">
      <h2 id="favourite-pros-title" className="section-title">
        {title}
      </h2>
      {list.loading && !list.data ? (
        <p className="muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted">
          No favourites yet. Tap "Add to favourites" on a pro's page or a past order to keep them here.
        </p>
      ) : (
        <ul className="favourite-list">
          {items.map((p) => (
            <li key={p.vendor_id} className="favourite-card" data-testid="favourite-pro">
              {p.photo ? (
                <img className="favourite-photo" src={p.photo} alt="" width={48} height={48} />
              ) : (
                <span className="favourite-photo" aria-hidden="true" />
              )}
              <span className="favourite-body">
                <AppLink href={`/vendor/${p.vendor_id}`}>
                  <strong>{p.display_name}</strong>
                </AppLink>
                <span className="muted" data-testid="favourite-next-free">
                  {p.next_free
                    ? `Next free: ${formatLocalTime(p.next_free, p.time_zone)}`
                    : "No free time in the next 2 weeks"}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
