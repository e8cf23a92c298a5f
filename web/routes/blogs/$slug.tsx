import { createFileRoute, notFound } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BlogPost } from "../../features/blog/components/blog-post";
import { findPost } from "../../features/blog/data/posts";

export const Route = createFileRoute("/blogs/$slug")({
  loader: ({ params }) => {
    const post = findPost(params.slug);
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
  return <BlogPost post={findPost(slug)!} />;
}
