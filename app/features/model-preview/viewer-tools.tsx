import { useEffect, useRef, useState } from 'react'
import * as THREE from 'three'
import { secondaryButtonClass } from '../../components/portal/styles'
import { MeasurePanel } from './measure/measure-panel'
import { MeasureTool, type Measurement, type MeasureMode } from './measure/measure-tool'
import type { ModelScene } from './model-scene'
import { meshesOf, worldBox, type ScenePart } from './scene-parts'

type Tool = 'measure'

const tools: { id: Tool; label: string }[] = [
  { id: 'measure', label: 'Measure' },
]

/**
 * What the view shows, on the canvas's data attributes after each frame: the camera's view-projection
 * matrix (where a point of the model falls on the screen) and the box around the shown meshes.
 */
function publishViewState(view: ModelScene) {
  const canvas = view.renderer.domElement
  const matrix = new THREE.Matrix4()
  return () => {
    view.camera.updateMatrixWorld()
    matrix.multiplyMatrices(view.camera.projectionMatrix, view.camera.matrixWorldInverse)
    canvas.dataset.viewProjection = JSON.stringify(matrix.elements)
    const box = worldBox(meshesOf(view.root))
    canvas.dataset.box = box.isEmpty() ? '' : JSON.stringify([...box.min.toArray(), ...box.max.toArray()])
  }
}

/** The engineer's tools of the model viewer: measure, one panel open at a time; what each did stays while another is open. */
export function ViewerTools({ view, parts, unit }: { view: ModelScene; parts: ScenePart[]; unit: string }) {
  const [open, setOpen] = useState<Tool | null>(null)
  const [measurements, setMeasurements] = useState<Measurement[]>([])
  const [status, setStatus] = useState('')
  const [mode, setMode] = useState<MeasureMode>('distance')
  const partsNow = useRef(parts)
  partsNow.current = parts
  const [instances, setInstances] = useState<{ measure: MeasureTool } | null>(null)

  useEffect(() => {
    const made = {
      measure: new MeasureTool(view, () => partsNow.current, unit, (list, said) => (setMeasurements(list), setStatus(said))),
    }
    const publish = publishViewState(view)
    view.beforeRender.add(publish)
    view.requestRender()
    setInstances(made)
    return () => {
      view.beforeRender.delete(publish)
      made.measure.dispose()
      setInstances(null)
    }
  }, [view, unit])

  useEffect(() => instances?.measure.setActive(open === 'measure'), [open, instances])

  return (
    <>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Tools">
        {tools.map((t) => (
          <button key={t.id} type="button" className={secondaryButtonClass} aria-pressed={open === t.id} onClick={() => setOpen(open === t.id ? null : t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      {open === 'measure' ? (
        <MeasurePanel
          mode={mode}
          onMode={(m) => (setMode(m), instances?.measure.setMode(m))}
          status={status}
          measurements={measurements}
          onClear={() => instances?.measure.clear()}
        />
      ) : null}
    </>
  )
}
