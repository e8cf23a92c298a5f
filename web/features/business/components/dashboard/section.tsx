import type { ReactNode } from "react";

/** One titled block of the dashboard, with its count when there is something in it. */
export function Section({
  title,
  count,
  children,
  id,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  id: string;
}) {
  return (
    <section className="biz-section" aria-labelledby={id}>
      <h2 id={id} className="biz-section-title">
        {title}
        {count !== undefined && count > 0 && <span className="biz-count">{count}</span>}
      </h2>
      {children}
    </section>
  );
}
