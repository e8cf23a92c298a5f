import type { ReactNode } from "react";

/** One column of a staff table: its header, what each row shows in it, and the cell's class. */
export interface StaffColumn<T> {
  label: string;
  /** The header is read by screen readers but not shown (e.g. a column of buttons). */
  hideLabel?: boolean;
  className?: string;
  cell(row: T): ReactNode;
}

/**
 * The table of every staff list (outbox, vendors, customers, payouts, audit, jobs, connect tips). Each cell
 * carries its column's label, so on phones the rows read as cards of "label: value" lines (`.table-stack`).
 */
export function StaffTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
}: {
  caption: string;
  columns: ReadonlyArray<StaffColumn<T>>;
  rows: readonly T[];
  rowKey(row: T): string | number;
  testId?: string;
}) {
  return (
    // Focusable with a name, so a keyboard can scroll a wide table (axe scrollable-region-focusable).
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="table table-stack" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.hideLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.label}
                  data-label={c.hideLabel ? undefined : c.label}
                  className={[c.className, c.hideLabel ? "cell-bare" : null].filter(Boolean).join(" ") || undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
