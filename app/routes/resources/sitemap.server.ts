import { listSitemapPosts } from '../../../server/services/blog-posts/list-sitemap-posts'

/** The blog's posts for the sitemap: each published post's address and when it last changed. */
export async function sitemapBlogEntries(base: string): Promise<string[]> {
  const posts = await listSitemapPosts()
  return posts.map((post) => `  <url><loc>${base}/blog/${encodeURIComponent(post.slug)}</loc><lastmod>${post.updatedAt}</lastmod></url>`)
}
