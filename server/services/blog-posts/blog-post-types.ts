import { z } from '../../../lib/zod'
import type { blogPosts } from '../../db/schema'
import { toIso } from '../shared/authorize'

export interface BlogPost {
  id: string
  author: string | null
  index: string | null
  category: string | null
  subcategory: string | null
  title: string | null
  image: string | null
  example: string | null
  summary: string | null
  content: string | null
  createdAt: string
  updatedAt: string
}

const text = (max: number) => z.string().max(max).nullable().optional()

export const blogPostInputSchema = z.object({
  author: text(200),
  index: text(100),
  category: text(200),
  subcategory: text(200),
  title: text(500),
  image: text(1000),
  example: text(1000),
  summary: text(5000),
  content: text(200_000),
})

export type BlogPostInput = z.infer<typeof blogPostInputSchema>

export function toBlogPost(row: typeof blogPosts.$inferSelect): BlogPost {
  return {
    id: row.id,
    author: row.author,
    index: row.index,
    category: row.category,
    subcategory: row.subcategory,
    title: row.title,
    image: row.image,
    example: row.example,
    summary: row.summary,
    content: row.content,
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt)!,
  }
}
