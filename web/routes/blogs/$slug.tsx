import { createFileRoute, notFound } from "@tanstack/react-router";
import { BlogPostBySlug } from "../../features/blog/components/blog-post";
import type { Post } from "../../features/blog/data/posts";
import { pageHead } from "../../lib/seo/head";
import { articleLd, breadcrumbLd } from "../../lib/seo/json-ld";

// The posts (their whole text) load with the blog's pages only, not into every page's entry script.
const findPost = async (slug: string): Promise<Post | undefined> =>
  (await import("../../features/blog/data/posts")).findPost(slug);

export const Route = createFileRoute("/blogs/$slug")({
  loader: async ({ params }) => {
    const post = await findPost(params.slug);
    if (!post) throw notFound();
    return { slug: post.slug, title: post.title, excerpt: post.excerpt, date: post.date };
  },
  head: ({ loaderData }) =>
    loaderData
      ? pageHead({
          title: loaderData.title,
          description: loaderData.excerpt,
          path: `/blogs/${loaderData.slug}`,
          type: "article",
          jsonLd: [
            articleLd({
              path: `/blogs/${loaderData.slug}`,
              headline: loaderData.title,
              description: loaderData.excerpt,
              datePublished: loaderData.date,
            }),
            breadcrumbLd([
              { name: "Home", path: "/" },
              { name: "The Glow Journal", path: "/blogs" },
              { name: loaderData.title, path: `/blogs/${loaderData.slug}` },
            ]),
          ],
        })
      : {},
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useLoaderData();
  return <BlogPostBySlug slug={slug} />;
}
