import { blogRules } from './blog-rules'

/**
 * The comment form's rule without Zod, so a post's first load carries no schema library: the form
 * checks with it before sending, and commentSchema (used by the action and the services) applies the
 * same rule in the same words.
 */
export const COMMENT_EMPTY_MESSAGE = 'Please write a comment'
export const COMMENT_TOO_LONG_MESSAGE = `Comments are at most ${blogRules.commentMax.toLocaleString('en-GB')} characters`

/** Why a comment's text is refused, or null. Whitespace around it does not count. */
export function commentProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return COMMENT_EMPTY_MESSAGE
  if (trimmed.length > blogRules.commentMax) return COMMENT_TOO_LONG_MESSAGE
  return null
}
