import { useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { asyncHandler } from "../../lib/async-handler";
import { forgetRequests, useRequest } from "../../lib/use-request";
import { useViewer } from "../../stores/shell-context";
import { HeartIcon } from "../ui/icons";
import { favouritesQuery, getFavourite, setFavourite } from "./visit-api";

/**
 * Marks or unmarks a pro as a favourite (docs/decisions/153). Signed-in customers only; the state is read
 * after the page shows, so public pages render the same for everyone.
 */
export function FavouriteButton({ vendorId, name }: { vendorId: number; name: string }) {
  const viewer = useViewer();
  const state = useRequest(viewer ? `favourite:${vendorId}` : null, (signal) => getFavourite(vendorId, signal));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!viewer || !state.data) return null;
  const on = state.data.favourite;

  const toggle = asyncHandler(async () => {
    setBusy(true);
    setError(null);
    try {
      const favourite = await setFavourite(vendorId, !on);
      state.setData({ vendor_id: vendorId, favourite });
      forgetRequests(favouritesQuery.key({}));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <span className="favourite-toggle">
      <button
        type="button"
        className={`button button-sm ${on ? "button-primary" : "button-secondary"}`}
        aria-pressed={on}
        aria-label={on ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        onClick={toggle}
        disabled={busy}
        data-testid="favourite-toggle"
      >
        <HeartIcon size={16} /> {on ? "Favourite" : "Add to favourites"}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
