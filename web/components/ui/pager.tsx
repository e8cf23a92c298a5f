/**
 * The pager of every paged list (staff lists are 10 a page): Previous, the page number, Next. Shown only
 * when there is more than one page; the buttons are disabled while a page loads.
 */
export function Pager({
  page,
  hasMore,
  busy = false,
  label,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  busy?: boolean;
  /** What is paged, for the navigation landmark ("vendors" gives "vendors pages"). */
  label: string;
  onPage(page: number): void;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="form-actions pager" aria-label={`${label} pages`}>
      <button
        type="button"
        className="button button-secondary button-sm"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="muted" aria-live="polite">
        Page {page}
      </span>
      <button
        type="button"
        className="button button-secondary button-sm"
        disabled={!hasMore || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
