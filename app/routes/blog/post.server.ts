import { data, redirect } from 'react-router'
import { blogPage } from '../../../content/blog'
import { blogPostMeta } from '../../../lib/blog/blog-meta'
import { withinCommentEditWindow, blogRules } from '../../../lib/blog/blog-rules'
import type { CommentView } from '../../../lib/blog/blog-view'
import { publicUrlFrom } from '../../../lib/public-url'
import type { Actor } from '../../../server/auth/actor'
import { resolveActor } from '../../../server/auth/resolve-actor'
import { getAppContext } from '../../../server/context/app-context'
import { AppError } from '../../../server/errors/app-error'
import { toHttpAnswer } from '../../../server/errors/to-http-answer'
import { clientIpFromRequest } from '../../../server/http/client-ip'
import { getBlogPostPage } from '../../../server/services/blog-posts/get-blog-post-page'
import type { CommentActionResult } from '../../features/blog/comment-action-result'
import { getBlogSettings } from '../../../server/services/blog-settings/get-blog-settings'
import type { Comment } from '../../../server/services/comments/comment-types'
import { createComment } from '../../../server/services/comments/create-comment'
import { deleteComment } from '../../../server/services/comments/delete-comment'
import { listComments } from '../../../server/services/comments/list-comments'
import { moderateComment } from '../../../server/services/comments/moderate-comment'
import { updateComment } from '../../../server/services/comments/update-comment'

/**
 * The post page's loader and action: thin adapters over the blog services. What reaches the page
 * names commenters by their display name only, never by id or email.
 */

function toCommentView(comment: Comment, viewer: Actor | null): CommentView {
  const mine = viewer !== null && comment.userId === viewer.userId
  const changeable = mine && comment.status !== 'hidden' && withinCommentEditWindow(comment.createdAt)
  return {
    id: comment.id,
    author: comment.author ?? 'Client',
    comment: comment.comment ?? '',
    createdAt: comment.createdAt,
    editedAt: comment.editedAt,
    status: comment.status,
    mine,
    changeableUntil: changeable ? new Date(new Date(comment.createdAt).getTime() + blogRules.commentEditWindowMs).toISOString() : null,
  }
}

export async function loadBlogPostPage(request: Request, slug: string) {
  let actor: Actor | null = null
  try {
    actor = await resolveActor(request)
    const found = await getBlogPostPage({ actor, slug })
    // An address the post had before: its readers and search engines go on to the current one.
    if ('redirectTo' in found) throw redirect(`/blog/${found.redirectTo}`, 301)
    const { id, ...post } = found.post
    const [comments, settings] = await Promise.all([listComments({ actor, blogPostId: id }), getBlogSettings()])
    return {
      post,
      comments: comments.map((c) => toCommentView(c, actor)),
      viewer: { signedIn: actor !== null, isAdmin: actor?.isAdmin === true },
      holdComments: settings.holdComments,
      content: blogPage,
      meta: blogPostMeta({ baseUrl: publicUrlFrom(request), post }),
    }
  } catch (error) {
    if (error instanceof Response) throw error
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    throw data({ message: answer.message }, { status: answer.status })
  }
}

type IntentHandler = (actor: Actor | null, request: Request, postId: () => Promise<string>, form: FormData) => Promise<Partial<CommentActionResult>>

/** One line per intent, each calling the service that owns its rule. */
const intents: Record<string, IntentHandler> = {
  comment: async (actor, request, postId, form) => {
    const comment = await createComment({ actor, blogPostId: await postId(), input: { comment: textOf(form, 'comment') }, clientIp: clientIpFromRequest(request) ?? 'unknown' })
    return { commentId: comment.id, held: comment.status === 'pending' }
  },
  'edit-comment': async (actor, _request, _postId, form) => ({ commentId: (await updateComment({ actor, id: textOf(form, 'id'), input: { comment: textOf(form, 'comment') } })).id }),
  'delete-comment': async (actor, _request, _postId, form) => ({ commentId: (await deleteComment({ actor, id: textOf(form, 'id') })).id }),
  'approve-comment': async (actor, _request, _postId, form) => ({ commentId: (await moderateComment({ actor, id: textOf(form, 'id'), decision: 'approve' })).id }),
  'hide-comment': async (actor, _request, _postId, form) => ({ commentId: (await moderateComment({ actor, id: textOf(form, 'id'), decision: 'hide' })).id }),
}

/** The comment forms of a post page post here; an `intent` field tells them apart. */
export async function runBlogPostAction(request: Request, slug: string) {
  let actor: Actor | null = null
  let intent = ''
  let commentId: string | undefined
  try {
    actor = await resolveActor(request)
    const form = await request.formData()
    intent = textOf(form, 'intent')
    commentId = textOf(form, 'id') || undefined
    const handler = Object.hasOwn(intents, intent) ? intents[intent]! : null
    if (!handler) return data<CommentActionResult>({ intent, ok: false, message: 'Unknown action' }, { status: 400 })
    const postId = async () => {
      const found = await getBlogPostPage({ actor, slug })
      if ('redirectTo' in found) throw new AppError('NOT_FOUND', 'Blog post not found')
      return found.post.id
    }
    return data<CommentActionResult>({ intent, ok: true, commentId, ...(await handler(actor, request, postId, form)) })
  } catch (error) {
    const answer = toHttpAnswer(error, { signedIn: actor !== null, log: logFailure })
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds
    return data<CommentActionResult>(
      { intent, ok: false, commentId, message: answer.message, fieldErrors: answer.fieldErrors },
      { status: answer.status, headers: retryAfter ? { 'Retry-After': String(retryAfter) } : undefined },
    )
  }
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

function logFailure(error: unknown) {
  getAppContext().log.error({ err: error }, 'blog post request failed')
}
