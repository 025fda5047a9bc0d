import { useCallback, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { previewKindOf } from '../../../../lib/file-types'
import type { RevisionCommentView } from '../../../../lib/review-comments'
import type { NewPinnedComment } from '../../../../app/features/model-preview'
import PreviewDialog from '../../../../app/features/model-preview/preview-dialog'
import '../../../../app/app.css'

/**
 * The viewer's dialog with a revision's comments kept in the page, the way a job page hands them over:
 * the comments posted are kept (and published on the body for the test to read) and shown back.
 */
function Harness({ url, name }: { url: string; name: string }) {
  const [comments, setComments] = useState<RevisionCommentView[]>([])
  const publish = (list: RevisionCommentView[]) => {
    document.body.dataset.comments = JSON.stringify(list)
    return list
  }
  const onAddComment = useCallback(async ({ body, view }: NewPinnedComment) => {
    setComments((list) =>
      publish([
        ...list,
        { id: crypto.randomUUID(), revisionId: crypto.randomUUID(), revisionCode: 'P01', author: 'Alice Reviewer', side: 'client', mine: true, body, view, resolvedBy: null, resolvedAt: null, carriedFrom: null, at: new Date().toISOString(), replies: [], canResolve: true },
      ]),
    )
  }, [])
  const onReply = useCallback(async (id: string, body: string) => {
    setComments((list) => publish(list.map((c) => (c.id === id ? { ...c, replies: [...c.replies, { id: crypto.randomUUID(), author: 'Bob Engineer', side: 'consultancy', mine: false, body, at: new Date().toISOString() }] } : c))))
  }, [])
  const onResolve = useCallback(async (id: string, resolved: boolean) => {
    setComments((list) => publish(list.map((c) => (c.id === id ? { ...c, resolvedBy: resolved ? 'Bob Engineer' : null, resolvedAt: resolved ? new Date().toISOString() : null } : c))))
  }, [])
  return <PreviewDialog url={url} name={name} kind={previewKindOf(name) ?? 'model'} onClose={() => {}} comments={comments} onAddComment={onAddComment} onReply={onReply} onResolve={onResolve} />
}

const params = new URLSearchParams(location.search)
createRoot(document.getElementById('root')!).render(<Harness url={params.get('url')!} name={params.get('name')!} />)
