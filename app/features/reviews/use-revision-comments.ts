import { useRef } from 'react'
import { useFetcher } from 'react-router'
import type { RevisionView } from '../../../lib/review-view'
import { useFetcherResult } from '../../components/portal/use-fetcher-result'
import type { JobActionResult } from '../jobs'
import type { PreviewComments } from '../model-preview'

/** The words of a failed post: its message, or the first error of a field. */
function failureOf(result: JobActionResult): string {
  if (result.message) return result.message
  const errors = result.result?.error ? Object.values(result.result.error).flat() : []
  return errors.find((e): e is string => typeof e === 'string') ?? 'That could not be saved. Please try again.'
}

/**
 * A revision's comments for the viewer: what it shows, and the posts it makes (a new pinned comment, a
 * reply, resolving or reopening) through the job page's action. Each post's promise settles once the
 * page has its answer (and its data is read again): rejected with the answer's words when refused.
 * Whoever reads the revision gets its comments and pins; the posts only someone who may comment
 * (`canComment`, from the job's abilities the server checks each post against), so a viewer of the
 * client company reads them in the viewer without the Comment tool, Reply or Resolve.
 */
export function useRevisionComments(revision: RevisionView, openCommentId?: string | null): PreviewComments {
  const fetcher = useFetcher<JobActionResult>({ key: `revision-comments-${revision.id}` })
  const waiting = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null)
  useFetcherResult(fetcher, (result) => {
    const pending = waiting.current
    waiting.current = null
    if (!pending) return
    if (result.ok) pending.resolve()
    else pending.reject(new Error(failureOf(result)))
  })
  const post = (fields: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      waiting.current?.reject(new Error('Another change was sent meanwhile. Please try again.'))
      waiting.current = { resolve, reject }
      void fetcher.submit(fields, { method: 'post' })
    })
  if (!revision.canComment) return { comments: revision.comments, openCommentId }
  return {
    comments: revision.comments,
    onAddComment: ({ body, view }) => post({ intent: 'comment-revision', revisionId: revision.id, body, view: JSON.stringify(view) }),
    onReply: (id, body) => post({ intent: 'comment-revision', revisionId: revision.id, parentId: id, body }),
    onResolve: (id, resolved) => post({ intent: 'resolve-comment', commentId: id, resolved: String(resolved) }),
    openCommentId,
  }
}
