import { useEffect, useState } from 'react'
import type { PinnedView, RevisionCommentView } from '../../../../lib/review-comments'
import { secondaryButtonClass } from '../../../components/portal/styles'
import { addPinnedComment, CommentTool } from './comment-tool'
import { PinOverlay, type Pin } from './comment-pins'
import { CommentsPanel } from './comments-panel'
import type { ReviewComments } from './review-props'
import { useOpenComment } from './use-open-comment'

/** A place on a page: fractions of its width and height from its top left corner. */
export type PagePoint = [number, number]
export type PagePin = Extract<PinnedView, { kind: 'page' }>

/** The pins of the comments pinned on this page (numbered by their place in the list), and the one being written. */
export function pagePins(comments: readonly RevisionCommentView[], page: number, pending: PagePoint | null): Pin[] {
  const pins: Pin[] = []
  comments.forEach((c, i) => {
    if (c.view?.kind === 'page' && c.view.page === page) pins.push({ id: c.id, number: i + 1, point: c.view.point, resolved: c.resolvedAt !== null })
  })
  if (pending) pins.push({ id: 'new', number: comments.length + 1, point: pending, resolved: false })
  return pins
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value))

/** Where a point of the screen falls on the page shown in `sheet`, as fractions of the page (kept on it). */
export function pagePoint(sheet: DOMRect, clientX: number, clientY: number): PagePoint {
  return [clamp01((clientX - sheet.left) / sheet.width), clamp01((clientY - sheet.top) / sheet.height)]
}

/** What the pages' viewer gives the comments: the page shown, its zoom, and the elements it is drawn in. */
export interface PageViewer {
  /** The page shown (from 1), and the number of pages. */
  page: number
  pages: number
  zoom: number
  /** The element the page is drawn in (the pins go over it), and the scrolling box around it. */
  sheet: HTMLElement
  scroller: HTMLElement
  /** Shows a page at a zoom; `then` runs once it is drawn. */
  show: (page: number, zoom: number, then: () => void) => void
}

/** Scrolls the box so that the point of the page is in the middle of it (as near as the page's edges allow). */
export function scrollToPoint(viewer: Pick<PageViewer, 'sheet' | 'scroller'>, point: readonly number[]) {
  const { sheet, scroller } = viewer
  const box = scroller.getBoundingClientRect()
  const page = sheet.getBoundingClientRect()
  const x = page.left - box.left + scroller.scrollLeft + point[0]! * page.width
  const y = page.top - box.top + scroller.scrollTop + point[1]! * page.height
  scroller.scrollTo({ left: x - scroller.clientWidth / 2, top: y - scroller.clientHeight / 2 })
}

/**
 * Comments pinned on a document's pages: the Comment button's panel (pick a place on the page, or the
 * middle of what shows from the keyboard, then write), the pins over the page shown, and the comments
 * list, whose comments go back to their page and zoom and bring the pin into view. `drawn` changes each
 * time a page has been drawn.
 */
export function usePageComments({ review, viewer, drawn }: { review: ReviewComments | undefined; viewer: PageViewer | null; drawn: number }) {
  const [commenting, setCommenting] = useState(false)
  const [activeId, setActiveId] = useState<string | null>(null)
  const [pending, setPending] = useState<PagePoint | null>(null)
  const [overlay, setOverlay] = useState<PinOverlay | null>(null)
  const sheet = viewer?.sheet ?? null
  const live = viewer !== null && review !== undefined

  useEffect(() => {
    if (!live || !sheet) return
    const pins = new PinOverlay(sheet, (point) => ({ x: point[0]! * sheet.clientWidth, y: point[1]! * sheet.clientHeight }))
    setOverlay(pins)
    return () => {
      pins.dispose()
      setOverlay(null)
    }
  }, [live, sheet])

  const page = viewer?.page ?? 1
  useEffect(() => {
    if (overlay && review) overlay.set(pagePins(review.comments, page, commenting ? pending : null), activeId)
  }, [overlay, review, page, pending, commenting, activeId, drawn])

  // A pin being written belongs to the page it was picked on.
  useEffect(() => {
    setPending(null)
  }, [page, commenting])

  // While the Comment tool is open, a click on the page (not a drag) picks the place to pin.
  useEffect(() => {
    if (!commenting || !sheet) return
    sheet.style.cursor = 'crosshair'
    let down: { x: number; y: number } | null = null
    const onDown = (event: PointerEvent) => (down = event.button === 0 ? { x: event.clientX, y: event.clientY } : null)
    const onUp = (event: PointerEvent) => {
      const from = down
      down = null
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) <= 4) setPending(pagePoint(sheet.getBoundingClientRect(), event.clientX, event.clientY))
    }
    sheet.addEventListener('pointerdown', onDown)
    sheet.addEventListener('pointerup', onUp)
    return () => {
      sheet.removeEventListener('pointerdown', onDown)
      sheet.removeEventListener('pointerup', onUp)
      sheet.style.cursor = ''
    }
  }, [commenting, sheet])

  const activate = (comment: RevisionCommentView) => {
    setActiveId(comment.id)
    const view = comment.view
    if (!viewer || view?.kind !== 'page' || view.page > viewer.pages) return
    viewer.show(view.page, view.zoom, () => scrollToPoint(viewer, view.point))
  }

  // The comment the viewer was opened on, once the document is shown.
  useOpenComment(live, review, activate)

  if (!review) return { commentButton: null, commentPanel: null, commentsPanel: null }

  /** The keyboard's pick: the middle of the part of the page in view. */
  const pickCentre = () => {
    if (!viewer) return
    const box = viewer.scroller.getBoundingClientRect()
    setPending(pagePoint(viewer.sheet.getBoundingClientRect(), box.left + box.width / 2, box.top + box.height / 2))
  }
  const submit = (body: string) => {
    if (!viewer || !pending) return Promise.reject(new Error('Pick a place on the page first.'))
    const view: PagePin = { kind: 'page', page: viewer.page, point: pending, zoom: viewer.zoom }
    return addPinnedComment(review, body, view).then(() => setCommenting(false))
  }

  // Someone who may only read the comments gets the pins and the list, not the Comment button.
  const commentButton = review.onAddComment ? (
    <button type="button" className={secondaryButtonClass} aria-pressed={commenting} disabled={!viewer} onClick={() => setCommenting(!commenting)}>
      Comment
    </button>
  ) : null
  const commentPanel = commenting && review.onAddComment ? <CommentTool pinned={pending !== null} on="page" keeps="page and zoom" onPickCentre={pickCentre} onSubmit={submit} onCancel={() => setPending(null)} /> : null
  const commentsPanel = <CommentsPanel comments={review.comments} activeId={activeId} onActivate={activate} onReply={review.onReply} onResolve={review.onResolve} />
  return { commentButton, commentPanel, commentsPanel }
}
