import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { formatPostDate, POSTS } from "../data/posts";

export function BlogIndex() {
  return (
    <Page
      width="wide"
      eyebrow="The Glow Journal"
      title="Notes on beauty and wellbeing at home"
      intro="Practical advice from the stylists, nail artists and therapists who visit our clients every day."
    >
      <div className="post-grid">
        {POSTS.map((p) => (
          <AppLink key={p.slug} href={`/blogs/${p.slug}`} className="post-card">
            <div className={`post-art tone-${p.tone}`} aria-hidden="true">
              <span>{p.category}</span>
            </div>
            <div className="post-body">
              <h2 className="post-title">{p.title}</h2>
              <p className="post-meta">
                {formatPostDate(p.date)} · {p.readMinutes} min read
              </p>
              <p className="post-excerpt">{p.excerpt}</p>
            </div>
          </AppLink>
        ))}
      </div>
    </Page>
  );
}
