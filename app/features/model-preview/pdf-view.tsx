import { AnnotationMode, getDocument, PDFWorker, VerbosityLevel, type PDFDocumentLoadingTask, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist'
// PDF.js's worker is a file of this build, served from this origin with its own policy (no eval, no
// fetching); nothing is downloaded from elsewhere when a document opens.
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { PAGE_ZOOM_MAX, PAGE_ZOOM_MIN } from '../../../lib/review-comments'
import { inputClass, secondaryButtonClass } from '../../components/portal/styles'
import { BesideComments } from './comments/beside-comments'
import { usePageComments, type PageViewer } from './comments/page-comments'
import type { ReviewComments } from './comments/review-props'
import { fetchFile, PreviewError } from './fetch-file'
import type { LoadProgress } from './load-model'
import { PreviewStatus } from './preview-status'

const UNREADABLE = 'This file could not be read as a PDF. It may be damaged or protected by a password; download it to open it in your PDF reader.'
/** A page's canvas holds at most this many pixels: beyond, it is drawn at a lower resolution and stretched (a canvas has a size limit). */
const MAX_CANVAS_PIXELS = 16_777_216
const ZOOM_STEP = 1.25

const clampZoom = (zoom: number) => Math.min(PAGE_ZOOM_MAX, Math.max(PAGE_ZOOM_MIN, Math.round(zoom * 100) / 100))

/** Reads a PDF's bytes in PDF.js's worker, with nothing that runs the document's own code. */
function openDocument(data: ArrayBuffer, worker: PDFWorker): PDFDocumentLoadingTask {
  return getDocument({
    data: new Uint8Array(data),
    worker,
    // No XFA forms (their HTML would be built from the file), no WebAssembly, no fetching of fonts or
    // other files: fonts a PDF does not embed are drawn with the system's. The document's JavaScript
    // never runs: that needs PDF.js's scripting sandbox and annotation layer, which this viewer does not load.
    enableXfa: false,
    useWasm: false,
    useWorkerFetch: false,
    disableWorkerRendering: true,
    verbosity: VerbosityLevel.ERRORS,
  })
}

/**
 * A PDF document's pages, one at a time: Previous and Next (or the page's number, Page Up and Page
 * Down), zoom in and out (+ and -) or fit the page's width, and scroll (the arrow keys). With a
 * revision's comments, the Comment tool pins a comment on a place of a page, the pins show on their
 * page, and a comment opens on its page and zoom with its pin in view. Loaded only with a PDF's preview.
 */
export default function PdfView({ url, review }: { url: string; review?: ReviewComments }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [progress, setProgress] = useState<LoadProgress | null>({ phase: 'downloading', fraction: 0 })
  const [error, setError] = useState('')
  const [page, setPage] = useState(1)
  const [zoom, setZoom] = useState<number | null>(null)
  const [typed, setTyped] = useState('1')
  const [drawn, setDrawn] = useState(0)
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const [sheet, setSheet] = useState<HTMLDivElement | null>(null)
  const holder = useRef<HTMLDivElement>(null)
  /** What to do once a given page is drawn at a given zoom (scroll a comment's pin into view). */
  const afterDraw = useRef<{ page: number; zoom: number; then: () => void } | null>(null)
  const pages = doc?.numPages ?? 0

  useEffect(() => {
    const abort = new AbortController()
    let task: PDFDocumentLoadingTask | null = null
    let started: { port: Worker; worker: PDFWorker } | null = null
    fetchFile(url, (fraction) => setProgress({ phase: 'downloading', fraction }), abort.signal)
      .then((data) => {
        if (abort.signal.aborted) return null
        setProgress({ phase: 'downloading', fraction: null })
        // The document is read in a worker this view starts itself: PDF.js then never falls back to
        // reading it on the page's thread, and a worker that cannot start is an error, not a wait.
        const port = new Worker(workerSrc, { type: 'module', name: 'PDF reader' })
        const failed = new Promise<never>((_, reject) => port.addEventListener('error', () => reject(new Error('The PDF reader did not start')), { once: true }))
        started = { port, worker: PDFWorker.create({ port, name: 'PDF reader' }) }
        task = openDocument(data, started.worker)
        return Promise.race([task.promise, failed])
      })
      .then((opened) => {
        if (!opened || abort.signal.aborted) return
        setDoc(opened)
        setProgress(null)
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return
        setProgress(null)
        setError(e instanceof PreviewError ? e.message : UNREADABLE)
      })
    return () => {
      abort.abort()
      void task?.destroy()
      started?.worker.destroy()
      started?.port.terminate()
      setDoc(null)
    }
  }, [url])

  /** The zoom at which the page fills the width of the view. */
  const fitWidth = useCallback(
    async (number: number) => {
      if (!doc || !scroller) return
      const width = (await doc.getPage(number)).getViewport({ scale: 1 }).width
      setZoom(clampZoom((scroller.clientWidth - 24) / width))
    },
    [doc, scroller],
  )

  // First shown at the width of the view (a comment opened on may set its own zoom once drawn).
  useEffect(() => {
    if (doc && zoom === null) void fitWidth(1).catch(() => setError(UNREADABLE))
  }, [doc, zoom, fitWidth])

  // Each page is drawn on a fresh canvas that replaces the one shown once it is drawn, so a page being
  // drawn never shares its canvas with one cancelled.
  useEffect(() => {
    if (!doc || zoom === null) return
    let cancelled = false
    let task: RenderTask | null = null
    void (async () => {
      const pdfPage = await doc.getPage(page)
      if (cancelled) return
      const viewport = pdfPage.getViewport({ scale: zoom })
      const scale = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)))
      const canvas = document.createElement('canvas')
      canvas.width = Math.max(1, Math.floor(viewport.width * scale))
      canvas.height = Math.max(1, Math.floor(viewport.height * scale))
      canvas.style.width = `${Math.floor(viewport.width)}px`
      canvas.style.height = `${Math.floor(viewport.height)}px`
      canvas.className = 'block bg-white'
      task = pdfPage.render({ canvas, viewport, transform: scale === 1 ? undefined : [scale, 0, 0, scale, 0, 0], annotationMode: AnnotationMode.ENABLE })
      await task.promise
      if (cancelled || !holder.current) return
      canvas.dataset.rendered = 'true'
      canvas.dataset.testid = 'pdf-canvas'
      canvas.dataset.page = String(page)
      holder.current.replaceChildren(canvas)
      setDrawn((n) => n + 1)
      const next = afterDraw.current
      if (next && next.page === page && next.zoom === zoom) {
        afterDraw.current = null
        next.then()
      }
    })().catch(() => {
      if (!cancelled) setError(UNREADABLE)
    })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [doc, page, zoom])

  useEffect(() => setTyped(String(page)), [page])

  const goTo = (number: number) => {
    if (pages) setPage(Math.min(pages, Math.max(1, number)))
  }
  const zoomBy = (factor: number) => setZoom((z) => clampZoom((z ?? 1) * factor))

  const viewer = useMemo<PageViewer | null>(() => {
    if (!doc || zoom === null || !sheet || !scroller || drawn === 0) return null
    return {
      page,
      pages,
      zoom,
      sheet,
      scroller,
      show(number, at, then) {
        if (number === page && at === zoom) {
          requestAnimationFrame(() => then())
          return
        }
        afterDraw.current = { page: number, zoom: at, then }
        setPage(number)
        setZoom(at)
      },
    }
  }, [doc, page, pages, zoom, sheet, scroller, drawn])
  const { commentButton, commentPanel, commentsPanel } = usePageComments({ review, viewer, drawn })

  /** Page Up and Page Down turn the page, + and - zoom; the arrow keys scroll the page as in any box. */
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!doc) return
    const actions: Record<string, () => void> = {
      PageDown: () => goTo(page + 1),
      PageUp: () => goTo(page - 1),
      Home: () => goTo(1),
      End: () => goTo(pages),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      _: () => zoomBy(1 / ZOOM_STEP),
    }
    const action = actions[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  const ready = doc !== null && zoom !== null
  const view = (
    <div className={`flex h-full min-h-0 flex-col gap-2 ${review ? 'min-w-0 flex-1' : ''}`}>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Pages">
        <button type="button" className={secondaryButtonClass} disabled={!ready || page <= 1} onClick={() => goTo(page - 1)}>
          Previous page
        </button>
        <label className="flex items-center gap-1 text-sm">
          Page
          <input
            type="number"
            inputMode="numeric"
            className={`${inputClass} w-16 px-2 py-1`}
            min={1}
            max={pages || 1}
            value={typed}
            disabled={!ready}
            onChange={(e) => {
              setTyped(e.target.value)
              const number = Number(e.target.value)
              if (Number.isInteger(number) && number >= 1 && number <= pages) setPage(number)
            }}
            onBlur={() => setTyped(String(page))}
          />
          <span data-testid="pdf-page-count">of {pages || '…'}</span>
        </label>
        <button type="button" className={secondaryButtonClass} disabled={!ready || page >= pages} onClick={() => goTo(page + 1)}>
          Next page
        </button>
        <button type="button" className={secondaryButtonClass} disabled={!ready || (zoom ?? 0) <= PAGE_ZOOM_MIN} onClick={() => zoomBy(1 / ZOOM_STEP)}>
          Zoom out
        </button>
        <output className="min-w-12 text-center text-sm" data-testid="pdf-zoom" aria-label="Zoom">
          {zoom === null ? '' : `${Math.round(zoom * 100)}%`}
        </output>
        <button type="button" className={secondaryButtonClass} disabled={!ready || (zoom ?? PAGE_ZOOM_MAX) >= PAGE_ZOOM_MAX} onClick={() => zoomBy(ZOOM_STEP)}>
          Zoom in
        </button>
        <button type="button" className={secondaryButtonClass} disabled={!ready} onClick={() => void fitWidth(page)}>
          Fit width
        </button>
        {commentButton}
      </div>
      {commentPanel}
      <div
        ref={setScroller}
        className="relative min-h-64 flex-1 overflow-auto rounded-md border border-(--color-border) bg-(--color-background) p-3 focus-visible:outline-2 focus-visible:outline-(--color-highlight)"
        data-testid="pdf-pages"
        role="region"
        aria-label={`Page ${page} of ${pages || '…'}: the arrow keys scroll, Page Up and Page Down turn the page, + and - zoom`}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <div ref={setSheet} className="relative mx-auto w-fit shadow" data-testid="pdf-page" data-page={page} role="img" aria-label={`Page ${page} of the document`}>
          <div ref={holder} />
        </div>
        <PreviewStatus progress={progress} error={error} />
      </div>
    </div>
  )

  return <BesideComments commentsPanel={commentsPanel}>{view}</BesideComments>
}
