import { blogRules } from '../../../lib/blog/blog-rules'
import { commentSchema, type CommentFormInput } from '../../../lib/blog/comment-schema'
import { getAppContext } from '../../context/app-context'
import { comments } from '../../db/schema'
import { AppError } from '../../errors/app-error'
import { consumeRateLimit } from '../../rate-limit/consume-rate-limit'
import { loadBlogPost } from '../blog-posts/load-blog-post'
import { getBlogSettings } from '../blog-settings/get-blog-settings'
import { getDisplayName } from '../profiles/get-display-name'
import { requireSignedIn, type MaybeActor } from '../shared/authorize'
import { parseInput } from '../shared/parse-input'
import { toComment, type Comment } from './comment-types'
import { notifyCommentsWaiting } from './notify-comments-waiting'

export interface CreateCommentOptions {
  actor: MaybeActor
  blogPostId: string
  /** What the commenter wrote; an `author` sent along is ignored. */
  input: CommentFormInput & { author?: unknown }
  /** The commenter's network address, for the per-address limit; omitted for trusted callers. */
  clientIp?: string
}

const tooMany = (retryAfterSeconds: number) =>
  Object.assign(new AppError('TOO_MANY_REQUESTS', `You have posted several comments in a short time. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`), {
    retryAfterSeconds,
  })

/**
 * A signed-in user comments on a published post. The comment is theirs (userId from the session) and
 * is shown under their display name, which the server sets: a commenter cannot pass as someone else.
 * It waits for an admin's approval when the blog holds comments (the consultancy is told, grouped per
 * post), or appears at once; an admin's own comment always appears at once. At most
 * blogRules.commentsPerUser comments per account and blogRules.commentsPerAddress per address in a
 * window (admins are not limited).
 */
export async function createComment({ actor, blogPostId, input, clientIp }: CreateCommentOptions): Promise<Comment> {
  const a = requireSignedIn(actor)
  const post = await loadBlogPost(a, blogPostId)
  if (post.status !== 'published') throw new AppError('NOT_FOUND', 'Blog post not found')
  const values = parseInput(commentSchema, input)
  // The consultancy answering on its own blog is not limited.
  const perUser = a.isAdmin ? null : await consumeRateLimit({ key: `comment:user:${a.userId}`, ...blogRules.commentsPerUser })
  if (perUser && !perUser.allowed) throw tooMany(perUser.retryAfterSeconds)
  if (clientIp && !a.isAdmin) {
    const perAddress = await consumeRateLimit({ key: `comment:ip:${clientIp}`, ...blogRules.commentsPerAddress })
    if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds)
  }
  const held = !a.isAdmin && (await getBlogSettings()).holdComments
  const author = await getDisplayName(a.userId)
  const { db } = getAppContext()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ ...values, author, blogPostId, userId: a.userId, status: held ? 'pending' : 'published' })
      .returning()
    if (held) await notifyCommentsWaiting(tx, post)
    return toComment(row!, a)
  })
}
