import { createFileRoute, notFound } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BlogPostBySlug } from "../../features/blog/components/blog-post";
import type { Post } from "../../features/blog/data/posts";

// The posts (their whole text) load with the blog's pages only, not into every page's entry script.
const findPost = async (slug: string): Promise<Post | undefined> =>
  (await import("../../features/blog/data/posts")).findPost(slug);

export const Route = createFileRoute("/blogs/$slug")({
  loader: async ({ params }) => {
    const post = await findPost(params.slug);
    if (!post) throw notFound();
    return { slug: post.slug, title: post.title, excerpt: post.excerpt };
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [{ title: `${loaderData.title} | ${BRAND.name}` }, { name: "description", content: loaderData.excerpt }]
      : [],
  }),
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useLoaderData();
  return <BlogPostBySlug slug={slug} />;
}
