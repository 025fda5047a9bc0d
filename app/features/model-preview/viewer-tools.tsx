import { useEffect, useRef, useState } from 'react'
import * as THREE from 'three'
import { secondaryButtonClass } from '../../components/portal/styles'
import { ExplodePanel } from './explode/explode-panel'
import { ExplodeView } from './explode/explode-view'
import { MeasurePanel } from './measure/measure-panel'
import { MeasureTool, type Measurement, type MeasureMode } from './measure/measure-tool'
import type { ModelScene } from './model-scene'
import { SectionPanel } from './section/section-panel'
import { SectionView, type Axis, type SectionPlane } from './section/section-view'
import { meshesOf, worldBox, type ScenePart } from './scene-parts'

type Tool = 'measure' | 'section' | 'explode'

const tools: { id: Tool; label: string }[] = [
  { id: 'measure', label: 'Measure' },
  { id: 'section', label: 'Section' },
  { id: 'explode', label: 'Explode' },
]

/**
 * What the view shows, on the canvas's data attributes after each frame: the camera's view-projection
 * matrix (where a point of the model falls on the screen), the box around the shown meshes, and the
 * number of section caps drawn.
 */
function publishViewState(view: ModelScene, section: SectionView) {
  const canvas = view.renderer.domElement
  const matrix = new THREE.Matrix4()
  return () => {
    view.camera.updateMatrixWorld()
    matrix.multiplyMatrices(view.camera.projectionMatrix, view.camera.matrixWorldInverse)
    canvas.dataset.viewProjection = JSON.stringify(matrix.elements)
    const box = worldBox(meshesOf(view.root))
    canvas.dataset.box = box.isEmpty() ? '' : JSON.stringify([...box.min.toArray(), ...box.max.toArray()])
    canvas.dataset.sectionCaps = String(section.capCount)
  }
}

/** The model's extent along each axis, for the section planes' sliders. */
function rangeOf(view: ModelScene): Record<Axis, [number, number]> {
  const box = worldBox(meshesOf(view.root))
  return { x: [box.min.x, box.max.x], y: [box.min.y, box.max.y], z: [box.min.z, box.max.z] }
}

/** The engineer's tools of the model viewer: measure, section planes and explode, one panel open at a time; what each did stays while another is open. */
export function ViewerTools({ view, parts, unit }: { view: ModelScene; parts: ScenePart[]; unit: string }) {
  const [open, setOpen] = useState<Tool | null>(null)
  const [measurements, setMeasurements] = useState<Measurement[]>([])
  const [status, setStatus] = useState('')
  const [mode, setMode] = useState<MeasureMode>('distance')
  const [planes, setPlanes] = useState<SectionPlane[]>([])
  const [factor, setFactor] = useState(0)
  const [range] = useState(() => rangeOf(view))
  const nextPlane = useRef(1)
  const partsNow = useRef(parts)
  partsNow.current = parts
  const [instances, setInstances] = useState<{ measure: MeasureTool; section: SectionView; explode: ExplodeView } | null>(null)

  useEffect(() => {
    const made = {
      measure: new MeasureTool(view, () => partsNow.current, unit, (list, said) => (setMeasurements(list), setStatus(said))),
      section: new SectionView(view),
      explode: new ExplodeView(view, partsNow.current),
    }
    const publish = publishViewState(view, made.section)
    view.beforeRender.add(publish)
    view.requestRender()
    setInstances(made)
    return () => {
      view.beforeRender.delete(publish)
      made.measure.dispose()
      made.section.dispose()
      made.explode.dispose()
      setInstances(null)
    }
  }, [view, unit])

  useEffect(() => instances?.measure.setActive(open === 'measure'), [open, instances])
  useEffect(() => instances?.section.set(planes), [planes, instances])
  useEffect(() => instances?.explode.set(factor), [factor, instances])

  const addPlane = (axis: Axis) => {
    const [min, max] = range[axis]
    setPlanes((p) => [...p, { id: nextPlane.current++, axis, offset: (min + max) / 2, flipped: false }])
  }

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
      {open === 'section' ? (
        <SectionPanel planes={planes} range={range} unit={unit} onAdd={addPlane} onChange={(plane) => setPlanes((p) => p.map((q) => (q.id === plane.id ? plane : q)))} onRemove={(plane) => setPlanes((p) => p.filter((q) => q.id !== plane.id))} />
      ) : null}
      {open === 'explode' ? <ExplodePanel factor={factor} possible={instances?.explode.possible ?? false} onChange={setFactor} /> : null}
    </>
  )
}
