import { blogRules } from './blog-rules'

/**
 * Minutes to read a post's Markdown, at least one: words of the text, code and maths counted as they
 * stand (a reader slows down for them as much as the count suggests), link targets and image
 * addresses left out.
 */
export function readingMinutes(markdown: string): number {
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\]\([^)]*\)/g, ']')
  const words = text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0
  return Math.max(1, Math.round(words / blogRules.wordsPerMinute))
}
