import { readingMinutes } from '../../../lib/blog/reading-time'
import type { blogPosts } from '../../db/schema'
import { toIso, type MaybeActor } from '../shared/authorize'

export type BlogPostRow = typeof blogPosts.$inferSelect

/** A post as the API returns it. */
export interface BlogPost {
  id: string
  slug: string
  status: 'draft' | 'published'
  publishedAt: string | null
  author: string | null
  /** The admin who wrote it: for admins only (null for everyone else). */
  authorUserId: string | null
  index: string | null
  category: string | null
  subcategory: string | null
  title: string | null
  image: string | null
  example: string | null
  summary: string | null
  /** Markdown. */
  content: string | null
  readingMinutes: number
  createdAt: string
  updatedAt: string
}

/** A draft is its writers' alone: only admins see one. */
export function mayReadPost(row: Pick<BlogPostRow, 'status'>, actor: MaybeActor): boolean {
  return row.status === 'published' || actor?.isAdmin === true
}

export function toBlogPost(row: BlogPostRow, viewer: MaybeActor): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    publishedAt: toIso(row.publishedAt),
    author: row.author,
    authorUserId: viewer?.isAdmin ? row.authorUserId : null,
    index: row.index,
    category: row.category,
    subcategory: row.subcategory,
    title: row.title,
    image: row.image,
    example: row.example,
    summary: row.summary,
    content: row.content,
    readingMinutes: readingMinutes(row.content ?? ''),
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt)!,
  }
}
