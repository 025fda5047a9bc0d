import type { DxfViewer } from 'dxf-viewer'
import { useEffect, useState } from 'react'
import type { RevisionCommentView } from '../../../../lib/review-comments'
import { secondaryButtonClass } from '../../../components/portal/styles'
import { onCanvasClick } from '../scene-parts'
import { addPinnedComment, CommentTool } from './comment-tool'
import { commentPins, PinOverlay } from './comment-pins'
import { CommentsPanel } from './comments-panel'
import type { ReviewComments } from './review-props'
import { useOpenComment } from './use-open-comment'
import { applyDrawingView, readDrawingView } from './view-state'

type Point = [number, number]

/** A point of the page on the drawing, in the drawing's units. */
function drawingPoint(viewer: DxfViewer, clientX: number, clientY: number): Point {
  const canvas = viewer.GetCanvas()
  const rect = canvas.getBoundingClientRect()
  const cam = viewer.GetCamera()
  const origin = viewer.GetOrigin()
  const x = cam.position.x + (cam.left + ((clientX - rect.left) / rect.width) * (cam.right - cam.left)) / cam.zoom
  const y = cam.position.y + (cam.top - ((clientY - rect.top) / rect.height) * (cam.top - cam.bottom)) / cam.zoom
  return [x + origin.x, y + origin.y]
}

/**
 * Comments pinned on a DXF drawing: the Comment button's panel (pick a point, or the view's centre
 * from the keyboard, then write), the pins over the drawing, and the comments list, whose comments put
 * the drawing back at the centre and zoom they were made at.
 */
export function useDrawingComments({ review, viewer, ready }: { review: ReviewComments | undefined; viewer: DxfViewer | null; ready: boolean }) {
  const [commenting, setCommenting] = useState(false)
  const [activeId, setActiveId] = useState<string | null>(null)
  const [pending, setPending] = useState<Point | null>(null)
  const [overlay, setOverlay] = useState<PinOverlay | null>(null)
  const live = ready && viewer !== null && review !== undefined

  useEffect(() => {
    if (!live || !viewer) return
    const canvas = viewer.GetCanvas()
    const pins = new PinOverlay(canvas.parentElement!, (point) => {
      const cam = viewer.GetCamera()
      const origin = viewer.GetOrigin()
      const x = ((point[0]! - origin.x - cam.position.x) * cam.zoom - cam.left) / (cam.right - cam.left)
      const y = (cam.top - (point[1]! - origin.y - cam.position.y) * cam.zoom) / (cam.top - cam.bottom)
      return { x: x * canvas.clientWidth, y: y * canvas.clientHeight }
    })
    viewer.Subscribe('viewChanged', pins.place)
    setOverlay(pins)
    return () => {
      viewer.Unsubscribe('viewChanged', pins.place)
      pins.dispose()
      setOverlay(null)
    }
  }, [live, viewer])

  useEffect(() => {
    if (overlay && review) overlay.set(commentPins(review.comments, 'drawing', commenting ? pending : null), activeId)
  }, [overlay, review, pending, commenting, activeId])

  useEffect(() => {
    if (!commenting || !viewer) return
    const canvas = viewer.GetCanvas()
    canvas.style.cursor = 'crosshair'
    const stop = onCanvasClick(canvas, (event) => setPending(drawingPoint(viewer, event.clientX, event.clientY)))
    return () => {
      stop()
      canvas.style.cursor = ''
      setPending(null)
    }
  }, [commenting, viewer])

  const activate = (comment: RevisionCommentView) => {
    setActiveId(comment.id)
    if (viewer && comment.view?.kind === 'drawing') applyDrawingView(viewer, comment.view)
  }

  useOpenComment(live, review, activate)

  if (!review) return { commentButton: null, commentPanel: null, commentsPanel: null }

  const pickCentre = () => {
    if (!viewer) return
    const rect = viewer.GetCanvas().getBoundingClientRect()
    setPending(drawingPoint(viewer, rect.left + rect.width / 2, rect.top + rect.height / 2))
  }
  const submit = (body: string) => {
    if (!viewer || !pending) return Promise.reject(new Error('Pick a point on the drawing first.'))
    return addPinnedComment(review, body, readDrawingView(viewer, pending)).then(() => setCommenting(false))
  }

  // Someone who may only read the comments gets the pins and the list, not the Comment button.
  const commentButton = review.onAddComment ? (
    <button type="button" className={secondaryButtonClass} aria-pressed={commenting} disabled={!ready} onClick={() => setCommenting(!commenting)}>
      Comment
    </button>
  ) : null
  const commentPanel = commenting && review.onAddComment ? <CommentTool pinned={pending !== null} on="drawing" keeps="centre and zoom" onPickCentre={pickCentre} onSubmit={submit} onCancel={() => setPending(null)} /> : null
  const commentsPanel = <CommentsPanel comments={review.comments} activeId={activeId} onActivate={activate} onReply={review.onReply} onResolve={review.onResolve} />
  return { commentButton, commentPanel, commentsPanel }
}
