/**
 * What the blog's pages receive from their loaders: built on the server, never with an email
 * address or a user id in it.
 */
export interface BlogPostSummary {
  slug: string
  title: string
  summary: string
  /** The writer's display name. */
  author: string
  /** ISO time; null for a draft never published. */
  publishedAt: string | null
  updatedAt: string
  readingMinutes: number
  status: 'draft' | 'published'
}

export interface BlogPostPageView extends BlogPostSummary {
  /** The post's text rendered on the server (see server/markdown/render-post-markdown.ts). */
  html: string
  headings: { id: string; text: string; level: 2 | 3 }[]
  hasMaths: boolean
  /** The picture for sharing (Open Graph), a site path. */
  image: string | null
}

export type CommentStatus = 'pending' | 'published' | 'hidden'

export interface CommentView {
  id: string
  /** The commenter's display name. */
  author: string
  comment: string
  createdAt: string
  editedAt: string | null
  status: CommentStatus
  /** Written by the viewer. */
  mine: boolean
  /** Until when the viewer may still edit or delete it (ISO time), or null when they may not. */
  changeableUntil: string | null
}

