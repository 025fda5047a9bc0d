import { DxfViewer, type LayerInfo } from 'dxf-viewer'
import { useEffect, useId, useRef, useState } from 'react'
import * as THREE from 'three'
import { formatModelSize } from '../../../lib/preview-formats'
import { BesideComments } from './comments/beside-comments'
import { useDrawingComments } from './comments/drawing-comments'
import type { ReviewComments } from './comments/review-props'
import { DRAWING_CORRUPT_MESSAGE } from './fetch-file'
import { moveDrawingByKey } from './move-drawing-by-key'
import type { LoadProgress } from './load-model'
import { PreviewStatus, SizeNote, themeColors } from './preview-status'
import { SideList, SideListToggle, withShown } from './side-list'
import { ViewWithToolbar } from './view-with-toolbar'

/** DXF's $INSUNITS codes that drawings use, as unit names. */
const dxfUnits: Record<number, string> = { 1: 'in', 2: 'ft', 4: 'mm', 5: 'cm', 6: 'm' }

/**
 * A DXF drawing: pan with the mouse or a finger, zoom with the wheel or a pinch, fit to view, each
 * layer on or off, and the drawing's extent. The file is read in a Web Worker.
 */
export function DrawingView({ url, review }: { url: string; review?: ReviewComments }) {
  const container = useRef<HTMLDivElement>(null)
  const viewer = useRef<DxfViewer | null>(null)
  const [shown, setShown] = useState<DxfViewer | null>(null)
  const [progress, setProgress] = useState<LoadProgress | null>({ phase: 'downloading', fraction: 0 })
  const [error, setError] = useState('')
  const [layers, setLayers] = useState<LayerInfo[]>([])
  const [hidden, setHidden] = useState<Set<string>>(new Set())
  const [extent, setExtent] = useState<string | null>(null)
  const [layersOpen, setLayersOpen] = useState(false)
  const layersId = useId()
  const showLayer = (name: string, shown: boolean) => {
    viewer.current?.ShowLayer(name, shown)
    setHidden((h) => withShown(h, name, shown))
  }

  useEffect(() => {
    let live = true
    const colors = themeColors(container.current!)
    const v = new DxfViewer(container.current!, { autoResize: true, clearColor: new THREE.Color(colors.background), colorCorrection: true, preserveDrawingBuffer: true, retainParsedDxf: true })
    viewer.current = v
    v.Load({
      url: new URL(url, location.href).href,
      workerFactory: () => new Worker(new URL('./dxf.worker.ts', import.meta.url), { type: 'module' }),
      progressCbk: (phase, processed, total) => live && setProgress({ phase: phase === 'fetch' ? 'downloading' : 'reading', fraction: phase === 'fetch' && total ? processed / total : null }),
    })
      .then(() => {
        if (!live) return
        const bounds = v.GetBounds()
        const found = [...v.GetLayers(true)]
        if (!bounds || found.length === 0) throw new Error('empty')
        const units = dxfUnits[(v.GetDxf() as { header?: Record<string, number> } | null)?.header?.$INSUNITS ?? 0] ?? 'drawing units'
        setExtent(formatModelSize([bounds.maxX - bounds.minX, bounds.maxY - bounds.minY, 0], units).replace(/ × 0 /, ' '))
        setLayers(found)
        setProgress(null)
        setShown(v)
        v.GetCanvas().dataset.rendered = 'true'
      })
      .catch(() => {
        if (!live) return
        setProgress(null)
        setError(DRAWING_CORRUPT_MESSAGE)
      })
    return () => {
      live = false
      v.Destroy()
      viewer.current = null
      setShown(null)
    }
  }, [url])

  /** The keyboard's pan and zoom, once the drawing is shown. */
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (viewer.current && extent) moveDrawingByKey(viewer.current, event)
  }

  const fit = () => {
    const v = viewer.current
    const b = v?.GetBounds()
    const o = v?.GetOrigin()
    if (v && b && o) v.FitView(b.minX - o.x, b.maxX - o.x, b.minY - o.y, b.maxY - o.y)
  }
  const { commentButton, commentPanel, commentsPanel } = useDrawingComments({ review, viewer: shown, ready: extent !== null })
  const tools = (
    <>
      {commentButton}
      {layers.length ? <SideListToggle id={layersId} title="Layers" open={layersOpen} onToggle={() => setLayersOpen(!layersOpen)} /> : null}
    </>
  )
  const view = (
    <ViewWithToolbar ready={Boolean(extent)} onFit={fit} tools={tools} className={review ? 'min-w-0 flex-1' : ''}>
      {commentPanel}
      <div className="relative flex min-h-0 flex-1 gap-2">
        <div
          ref={container}
          className="relative min-h-64 flex-1 overflow-hidden rounded-md border border-(--color-border) focus-visible:outline-2 focus-visible:outline-(--color-highlight)"
          data-testid="model-canvas"
          aria-label="Drawing view: drag or the arrow keys to pan, the wheel, a pinch or + and - to zoom"
          role="img"
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <PreviewStatus progress={progress} error={error} />
          {extent && !error ? <SizeNote>Extent: {extent}</SizeNote> : null}
        </div>
        {layers.length ? (
          <SideList id={layersId} title="Layers" testId="drawing-layers" open={layersOpen}>
            {layers.map((l) => (
              <label key={l.name} className="flex items-center gap-2 py-0.5">
                <input type="checkbox" checked={!hidden.has(l.name)} onChange={(e) => showLayer(l.name, e.target.checked)} />
                <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: `#${l.color.toString(16).padStart(6, '0')}` }} />
                {l.displayName || l.name}
              </label>
            ))}
          </SideList>
        ) : null}
      </div>
    </ViewWithToolbar>
  )

  return <BesideComments commentsPanel={commentsPanel}>{view}</BesideComments>
}
