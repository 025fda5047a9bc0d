import type { BlogPostSummary } from '../../../lib/blog/blog-view'
import { readingMinutes } from '../../../lib/blog/reading-time'
import { site } from '../../../lib/site'
import { postPlainText } from '../../markdown/render-post-markdown'
import { toIso } from '../shared/authorize'
import type { BlogPostRow } from './blog-post-types'

/** Characters of the text that stand in for a summary the writer left empty. */
const FALLBACK_SUMMARY_LENGTH = 200

/** What the blog's list and feed show of a post. */
export function toPostSummary(row: BlogPostRow): BlogPostSummary {
  return {
    slug: row.slug,
    title: row.title?.trim() || 'Untitled',
    summary: row.summary?.trim() || fallbackSummary(row.content ?? ''),
    author: row.author?.trim() || site.companyName,
    publishedAt: toIso(row.publishedAt),
    updatedAt: toIso(row.updatedAt)!,
    readingMinutes: readingMinutes(row.content ?? ''),
    status: row.status,
  }
}

function fallbackSummary(markdown: string): string {
  const text = postPlainText(markdown)
  if (text.length <= FALLBACK_SUMMARY_LENGTH) return text
  const cut = text.slice(0, FALLBACK_SUMMARY_LENGTH)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), FALLBACK_SUMMARY_LENGTH / 2))}…`
}
