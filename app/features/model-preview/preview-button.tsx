import { lazy, Suspense } from 'react'
import { NO_PREVIEW_MESSAGE } from '../../../lib/preview-formats'
import { previewKindOf, revisionViewerKindOf } from '../../../lib/file-types'
import { formatSize } from '../../../lib/format'
import { linkButtonClass } from '../../components/portal/styles'
import { loadModelView } from './load-model-view'
import { nextTask } from './next-task'
import type { PreviewDialogProps } from './preview-dialog'
import type { ThumbnailTarget } from './save-thumbnail'
import { useDialogButton } from './use-dialog-button'
import { startDownload } from './worker-download'

// The viewer (three.js, the parsers, their workers and WebAssembly) loads when a preview opens, never
// before, and in the task after the press: an import's loader adds a preload link to the page's head
// for each chunk the imported code needs (20 ms and more for the viewer's), and done in the press's own
// task, which also draws the dialog, it made that task too long.
const PreviewDialog = lazy(() => nextTask().then(() => import('./preview-dialog')))

/** The viewer's dialog for a page that opens it itself (on a comment, say): loaded when it first shows, with a note while it loads. */
export function LazyPreviewDialog(props: PreviewDialogProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="fixed inset-x-0 top-1/2 mx-auto w-fit rounded-md bg-(--color-foreground) p-4 shadow">
          Opening the viewer…
        </p>
      }
    >
      <PreviewDialog {...props} />
    </Suspense>
  )
}

export type PreviewComments = Pick<PreviewDialogProps, 'comments' | 'onAddComment' | 'onReply' | 'onResolve' | 'openCommentId'>

/**
 * "Preview" beside a file the viewer can show; "No preview" (with why, for assistive technology
 * and on hover) for any other, and "Too large to preview" above the preview size limit, where
 * the download stays the way to open it. A revision's comments give the viewer its pins and comments
 * list, and its posts (onAddComment, onReply, onResolve) the Comment tool, Reply and Resolve;
 * `openCommentId` opens the viewer on that comment's view.
 */
export function PreviewButton({
  url,
  name,
  size,
  maxPreviewBytes,
  thumbnail,
  openOnMount = false,
  revision = false,
  ...comments
}: {
  url: string
  name: string
  size: number
  maxPreviewBytes: number
  thumbnail?: ThumbnailTarget
  /** Open the viewer at once (a link to one of its comments). */
  openOnMount?: boolean
  /** A deliverable's revision: a PDF opens in the viewer too, where its pages take comments. */
  revision?: boolean
} & PreviewComments) {
  const { open, setOpen, button } = useDialogButton(openOnMount)
  const kind = revision ? revisionViewerKindOf(name) : previewKindOf(name)
  if (!kind)
    return (
      <span className="text-sm text-(--color-light)" title={NO_PREVIEW_MESSAGE}>
        No preview<span className="sr-only">: {NO_PREVIEW_MESSAGE}</span>
      </span>
    )
  if (size > maxPreviewBytes)
    return (
      <span className="text-sm text-(--color-light)" title={`Previews stop at ${formatSize(maxPreviewBytes)}: download the file to open it.`}>
        Too large to preview
      </span>
    )
  const close = () => setOpen(false)
  return (
    <>
      <button
        ref={button}
        type="button"
        className={linkButtonClass}
        onClick={() => {
          // A model's file starts downloading now, while the viewer's code loads.
          if (kind === 'model') {
            startDownload(url, name)
            void nextTask().then(loadModelView)
          }
          setOpen(true)
        }}
        aria-label={`Preview ${name}`}
      >
        Preview
      </button>
      {open ? <LazyPreviewDialog url={url} name={name} kind={kind} onClose={close} thumbnail={thumbnail} {...comments} /> : null}
    </>
  )
}
