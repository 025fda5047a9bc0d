/** What the post page's action answers a comment form (app/routes/blog/post.server.ts). */
export interface CommentActionResult {
  intent: string
  ok: boolean
  /** The comment acted on. */
  commentId?: string
  /** For a new comment: whether it waits for approval. */
  held?: boolean
  message?: string
  fieldErrors?: Record<string, string[]>
}
