import { AppLink } from "../../../components/ui/app-link";
import { ChevronLeftIcon } from "../../../components/ui/icons";
import { findPost, formatPostDate, POSTS, type Post } from "../data/posts";

/** The post the route's loader found (it checked that the slug exists). */
export function BlogPostBySlug({ slug }: { slug: string }) {
  return <BlogPost post={findPost(slug)!} />;
}

export function BlogPost({ post }: { post: Post }) {
  const more = POSTS.filter((p) => p.slug !== post.slug).slice(0, 2);
  return (
    <article className="page page-narrow">
      <AppLink href="/blogs" className="back-link">
        <ChevronLeftIcon size={18} /> All articles
      </AppLink>
      <p className="eyebrow">{post.category}</p>
      <h1 className="page-title">{post.title}</h1>
      <p className="post-meta" style={{ margin: "12px 0 28px" }}>
        {formatPostDate(post.date)} · {post.readMinutes} min read
      </p>
      <div className={`post-hero tone-${post.tone}`} aria-hidden="true" />
      <div className="prose">{post.body}</div>
      <div className="callout">
        <div>
          <h2>Ready when you are</h2>
          <p>Enter your ZIP code to see the pros and prices near you.</p>
        </div>
        <AppLink href="/#book" className="button button-primary">
          Book at home
        </AppLink>
      </div>
      {more.length > 0 && (
        <section aria-labelledby="more-title" style={{ marginTop: 48 }}>
          <h2 className="faq-group-title" id="more-title">
            Keep reading
          </h2>
          <div className="post-grid">
            {more.map((p) => (
              <AppLink key={p.slug} href={`/blogs/${p.slug}`} className="post-card">
                <div className="post-body">
                  <h3 className="post-title">{p.title}</h3>
                  <p className="post-excerpt">{p.excerpt}</p>
                </div>
              </AppLink>
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
