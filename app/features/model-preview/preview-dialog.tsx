import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { ViewerKind } from '../../../lib/file-types'
import { linkButtonClass, secondaryButtonClass } from '../../components/portal/styles'
import type { ReviewComments } from './comments/review-props'
import type { ThumbnailTarget } from './save-thumbnail'
import { loadModelView } from './load-model-view'

export interface PreviewDialogProps {
  url: string
  name: string
  kind: ViewerKind
  onClose: () => void
  /** Where the list keeps the model's picture: saved after the first preview. */
  thumbnail?: ThumbnailTarget
  /**
   * A revision's comments: with them the viewer shows the pins and lists the comments beside the view
   * (below it on a phone), and opens on `openCommentId`'s view once loaded; with the posts too, it has
   * the Comment tool, Reply and Resolve. Without the comments the viewer has no comments at all.
   */
  comments?: ReviewComments['comments']
  onAddComment?: ReviewComments['onAddComment']
  onReply?: ReviewComments['onReply']
  onResolve?: ReviewComments['onResolve']
  openCommentId?: string | null
}

// Each kind's viewer loads with a file of its kind only: PDF.js with a document, the DXF viewer with a
// drawing, three.js and the model readers with a model (started by the Preview button's press, beside
// this dialog's own code).
const PdfView = lazy(() => import('./pdf-view'))
const DrawingView = lazy(() => import('./drawing-view').then((m) => ({ default: m.DrawingView })))
const ModelView = lazy(loadModelView)

/** The comments' props as one, when the comments are given (read-only without the posts). */
function reviewOf({ comments, onAddComment, onReply, onResolve, openCommentId }: Pick<PreviewDialogProps, 'comments' | 'onAddComment' | 'onReply' | 'onResolve' | 'openCommentId'>): ReviewComments | undefined {
  return comments ? { comments, onAddComment, onReply, onResolve, openCommentId } : undefined
}

/**
 * The viewer in a modal dialog: the file's name, a download link, full screen, and a close button;
 * Escape closes it and the focus goes back to the Preview button. On a phone the dialog fills the
 * screen, so the model, drawing or page gets all of it but the controls. Loaded only when a preview
 * opens, with three.js, the parsers and their WebAssembly; a PDF's renderer loads only for a PDF.
 */
export default function PreviewDialog({ url, name, kind, onClose, thumbnail, comments, onAddComment, onReply, onResolve, openCommentId }: PreviewDialogProps) {
  const review = useMemo(() => reviewOf({ comments, onAddComment, onReply, onResolve, openCommentId }), [comments, onAddComment, onReply, onResolve, openCommentId])
  const dialog = useRef<HTMLDialogElement>(null)
  const [fullScreen, setFullScreen] = useState(false)

  useEffect(() => {
    const d = dialog.current!
    // Opened in the task after its content's mounting: opening a modal dialog makes the rest of the
    // page inert, which restyles the whole page (30 to 40 ms on a slow machine), and the two together
    // held the page too long.
    const opening = setTimeout(() => d.showModal(), 0)
    const onFullScreen = () => setFullScreen(document.fullscreenElement === d)
    document.addEventListener('fullscreenchange', onFullScreen)
    return () => {
      clearTimeout(opening)
      document.removeEventListener('fullscreenchange', onFullScreen)
      if (document.fullscreenElement === d) void document.exitFullscreen().catch(() => {})
      d.close()
    }
  }, [])

  const toggleFullScreen = () => {
    const d = dialog.current!
    if (document.fullscreenElement === d) void document.exitFullscreen()
    else void d.requestFullscreen?.().catch(() => {})
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="preview-title"
      className="m-auto h-[85vh] max-h-none w-[min(72rem,95vw)] max-w-none rounded-lg border border-(--color-border) bg-(--color-foreground) p-4 text-(--color-text) backdrop:bg-black/60 open:flex open:flex-col max-md:h-dvh max-md:w-full max-md:rounded-none max-md:border-0 max-md:p-2"
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <header className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 max-md:mb-2">
        <h2 id="preview-title" className="mr-auto min-w-0 truncate text-lg font-semibold">
          {name}
        </h2>
        <a href={`${url}?download=1`} download={name} className={linkButtonClass}>
          Download
        </a>
        <button type="button" className={secondaryButtonClass} aria-pressed={fullScreen} onClick={toggleFullScreen}>
          {fullScreen ? 'Leave full screen' : 'Full screen'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Close
        </button>
      </header>
      <div className="min-h-0 flex-1">
        <Suspense
          fallback={
            <p role="status" className="p-4">
              {kind === 'document' ? 'Opening the document…' : kind === 'model' ? 'Opening the model…' : 'Opening the drawing…'}
            </p>
          }
        >
          {kind === 'document' ? <PdfView url={url} review={review} /> : kind === 'model' ? <ModelView url={url} name={name} thumbnail={thumbnail} review={review} /> : <DrawingView url={url} review={review} />}
        </Suspense>
      </div>
    </dialog>
  )
}
