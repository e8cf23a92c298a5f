import type { ReactNode } from "react";
import { BRAND } from "../../../config/brand";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document: title, date, table of contents and numbered sections. */
export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="page page-narrow">
      <p className="eyebrow">Legal</p>
      <h1 className="page-title">{title}</h1>
      <p className="legal-meta">Last updated {BRAND.legalUpdated}</p>
      <div className="prose">{intro}</div>
      <nav className="toc" aria-label="Contents">
        <strong>Contents</strong>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
            <h2 id={`${s.id}-h`}>
              {i + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </article>
  );
}
