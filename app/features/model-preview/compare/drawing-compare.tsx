import { DxfViewer } from 'dxf-viewer'
import { useEffect, useRef, useState } from 'react'
import * as THREE from 'three'
import { DRAWING_CORRUPT_MESSAGE } from '../fetch-file'
import { moveDrawingByKey } from '../move-drawing-by-key'
import { PreviewStatus, themeColors } from '../preview-status'
import { ViewWithToolbar } from '../view-with-toolbar'
import type { RevisionFile } from './revision-file'

/** The overlay's colours of the two revisions' lines. */
export const drawingColors = { older: '#e0443a', newer: '#22b8e0' }

/** Draws every line of a loaded drawing in one colour. */
function recolor(viewer: DxfViewer, color: string) {
  const c = new THREE.Color(color)
  viewer.GetScene().traverse((o) => {
    const materials = [(o as THREE.Mesh).material].flat().filter(Boolean) as THREE.ShaderMaterial[]
    for (const m of materials) m.uniforms?.color?.value?.set?.(c)
  })
  viewer.Render()
}

/**
 * Both revisions of a DXF drawing in one view, the older red under the newer cyan, placed on the
 * drawing's own coordinates: panning and zooming moves both (the newer one takes the pointer and the
 * keyboard, the older follows it).
 */
export function DrawingOverlay({ older, newer }: { older: RevisionFile; newer: RevisionFile }) {
  const under = useRef<HTMLDivElement>(null)
  const over = useRef<HTMLDivElement>(null)
  const viewers = useRef<{ under: DxfViewer; over: DxfViewer } | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState('')

  useEffect(() => {
    let live = true
    const colors = themeColors(under.current!)
    const worker = () => new Worker(new URL('../dxf.worker.ts', import.meta.url), { type: 'module' })
    const below = new DxfViewer(under.current!, { autoResize: true, clearColor: new THREE.Color(colors.background), colorCorrection: true, preserveDrawingBuffer: true, retainParsedDxf: false })
    const above = new DxfViewer(over.current!, { autoResize: true, clearColor: new THREE.Color(colors.background), clearAlpha: 0, canvasAlpha: true, colorCorrection: true, preserveDrawingBuffer: true, retainParsedDxf: false })
    viewers.current = { under: below, over: above }
    // The older drawing follows the newer one's view, origin to origin.
    const follow = () => {
      const cam = above.GetCamera()
      const a = above.GetOrigin()
      const b = below.GetOrigin()
      if (!a || !b) return
      below.SetView(new THREE.Vector3(cam.position.x + a.x - b.x, cam.position.y + a.y - b.y, 0), (cam.right - cam.left) / cam.zoom)
      below.Render()
    }
    above.Subscribe('viewChanged', follow)
    Promise.all([below.Load({ url: new URL(older.url, location.href).href, workerFactory: worker }), above.Load({ url: new URL(newer.url, location.href).href, workerFactory: worker })])
      .then(() => {
        if (!live) return
        if (!below.GetBounds() || !above.GetBounds()) throw new Error('empty')
        recolor(below, drawingColors.older)
        recolor(above, drawingColors.newer)
        fitBoth()
        setLoading(false)
        above.GetCanvas().dataset.rendered = 'true'
        below.GetCanvas().dataset.rendered = 'true'
      })
      .catch(() => {
        if (!live) return
        setLoading(false)
        setError(DRAWING_CORRUPT_MESSAGE)
      })
    return () => {
      live = false
      above.Unsubscribe('viewChanged', follow)
      above.Destroy()
      below.Destroy()
      viewers.current = null
    }
  }, [older.url, newer.url])

  /** Fits both drawings' extents together. */
  const fitBoth = () => {
    const v = viewers.current
    if (!v) return
    const a = v.under.GetBounds()
    const b = v.over.GetBounds()
    const o = v.over.GetOrigin()
    if (!a || !b || !o) return
    v.over.FitView(Math.min(a.minX, b.minX) - o.x, Math.max(a.maxX, b.maxX) - o.x, Math.min(a.minY, b.minY) - o.y, Math.max(a.maxY, b.maxY) - o.y)
  }

  /** The keyboard's pan and zoom move the newer drawing, which the older follows. */
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (viewers.current && !loading && !error) moveDrawingByKey(viewers.current.over, event)
  }

  const ready = !loading && !error
  const legend = (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="compare-legend">
      {(['older', 'newer'] as const).map((which) => (
        <li key={which} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ background: drawingColors[which] }} />
          {which === 'older' ? older.label : newer.label} ({which === 'older' ? 'red' : 'blue'}): {which === 'older' ? older.name : newer.name}
        </li>
      ))}
    </ul>
  )
  return (
    <ViewWithToolbar ready={ready} onFit={fitBoth} tools={legend}>
      <div
        className="relative min-h-64 flex-1 overflow-hidden rounded-md border border-(--color-border) focus-visible:outline-2 focus-visible:outline-(--color-highlight)"
        data-testid="compare-canvas"
        aria-label={`Drawings ${older.label} (red) and ${newer.label} (blue) overlaid: drag or the arrow keys to pan, the wheel, a pinch or + and - to zoom`}
        role="img"
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {/* The viewer makes its container relative: each sits in a layer that covers the view. */}
        <div className="pointer-events-none absolute inset-0">
          <div ref={under} className="h-full w-full" />
        </div>
        <div className="absolute inset-0">
          <div ref={over} className="h-full w-full" />
        </div>
        <PreviewStatus progress={loading ? { phase: 'reading', fraction: null } : null} error={error} />
      </div>
    </ViewWithToolbar>
  )
}
