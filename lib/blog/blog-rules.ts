/**
 * The blog's numbers: pages, the editor, the comment form and the services read them here, so a rule
 * and its message are written once.
 */
export const blogRules = {
  /** Posts per page of /blog and of the feed. */
  postsPerPage: 10,
  feedEntries: 20,
  titleMax: 160,
  slugMax: 80,
  summaryMax: 300,
  /** Markdown characters of one post. */
  contentMax: 100_000,
  /** Reading speed for the reading time shown beside a post. */
  wordsPerMinute: 220,
  commentMax: 2000,
  /** A commenter may change or remove their own comment for this long after posting it. */
  commentEditWindowMs: 15 * 60 * 1000,
  /** Comments one account may post per window, and one network address (shared by an office). */
  commentsPerUser: { limit: 5, windowMs: 10 * 60 * 1000 },
  commentsPerAddress: { limit: 20, windowMs: 10 * 60 * 1000 },
  /**
   * Comments waiting for moderation are announced to the consultancy once per post per window: the
   * first one starts the window, the ones after it join the same mail.
   */
  moderationMailWindowMs: 10 * 60 * 1000,
} as const

/** Whether a comment written at `createdAt` may still be changed by its author at `now`. */
export function withinCommentEditWindow(createdAt: string | Date, now: number = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < blogRules.commentEditWindowMs
}

/** The window in words, for messages ("15 minutes"). */
export const commentEditWindowWords = `${Math.round(blogRules.commentEditWindowMs / 60_000)} minutes`
