import { useEffect, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import * as THREE from 'three'
import { secondaryButtonClass } from '../../components/portal/styles'
import { ExplodePanel } from './explode/explode-panel'
import { ExplodeView } from './explode/explode-view'
import { MeasurePanel } from './measure/measure-panel'
import { MeasureTool, type Measurement, type MeasureMode } from './measure/measure-tool'
import type { ModelScene } from './model-scene'
import { SectionPanel } from './section/section-panel'
import { axisNormal, SectionView, type Axis, type SectionPlane } from './section/section-view'
import { meshesOf, onCanvasClick, pickModel, worldBox, type ModelPick, type ScenePart } from './scene-parts'

/** A section plane as the tools keep it (the viewer holds the list). */
export type { SectionPlane }

export type Tool = 'measure' | 'section' | 'explode' | 'comment'

const tools: { id: Tool; label: string }[] = [
  { id: 'measure', label: 'Measure' },
  { id: 'section', label: 'Section' },
  { id: 'explode', label: 'Explode' },
  { id: 'comment', label: 'Comment' },
]

/**
 * What the view shows, on the canvas's data attributes after each frame: the camera's view-projection
 * matrix (where a point of the model falls on the screen), the box around the shown meshes, and the
 * number of section caps drawn.
 */
function publishViewState(view: ModelScene, section: SectionView) {
  const canvas = view.canvas
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

/** The model's extent along a direction (its box's corners projected on it), for a section plane's slider. */
function extentAlong(box: THREE.Box3, normal: [number, number, number]): [number, number] {
  const n = new THREE.Vector3(...normal)
  const along = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new THREE.Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z).dot(n))
  return [Math.min(...along), Math.max(...along)]
}

/** The unit normal of the picked triangle, in world coordinates, turned towards the camera (the side of the face one sees is its outside), and one of its corners. */
function faceNormal({ mesh, triangle, point }: ModelPick, camera: THREE.Camera): { normal: [number, number, number]; onFace: THREE.Vector3 } {
  const position = mesh.geometry.getAttribute('position') as THREE.BufferAttribute
  const corner = (k: number) => new THREE.Vector3().fromBufferAttribute(position, mesh.geometry.index ? mesh.geometry.index.getX(triangle * 3 + k) : triangle * 3 + k).applyMatrix4(mesh.matrixWorld)
  const [a, b, c] = [corner(0), corner(1), corner(2)]
  const n = b.sub(a).cross(c.sub(a)).normalize()
  if (n.dot(camera.position.clone().sub(new THREE.Vector3(...point))) < 0) n.negate()
  return { normal: [n.x, n.y, n.z], onFace: a }
}

/** The next free id of a section plane. */
const nextPlaneId = (planes: readonly SectionPlane[]) => Math.max(0, ...planes.map((p) => p.id)) + 1

/**
 * The row of tool buttons. While the model loads it stands disabled in its place, so the view's
 * canvas keeps its size when the tools come (a canvas resized makes its drawing buffer anew and draws
 * the model again).
 */
export function ToolButtons({ open, onOpen, comment, disabled = false }: { open: Tool | null; onOpen: (tool: Tool | null) => void; comment: boolean; disabled?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Tools">
      {tools
        .filter((t) => t.id !== 'comment' || comment)
        .map((t) => (
          <button key={t.id} type="button" className={secondaryButtonClass} aria-pressed={open === t.id} disabled={disabled} onClick={() => onOpen(open === t.id ? null : t.id)}>
            {t.label}
          </button>
        ))}
    </div>
  )
}

/**
 * The engineer's tools of the model viewer: measure, section planes and explode, one panel open at a
 * time; what each did stays while another is open. The open tool and the section planes are the
 * viewer's (a pinned comment's view sets them); the Comment tool shows only with a comment panel to open.
 */
export function ViewerTools({
  view,
  parts,
  unit,
  brepRadii,
  open,
  onOpen: setOpen,
  planes,
  onPlanes: setPlanes,
  commentPanel,
}: {
  view: ModelScene
  parts: ScenePart[]
  unit: string
  /** The model's exact radii, ascending, in its units, from its boundary representation (a STEP file's, in millimetres). */
  brepRadii?: Float64Array | undefined
  open: Tool | null
  onOpen: (tool: Tool | null) => void
  planes: SectionPlane[]
  onPlanes: Dispatch<SetStateAction<SectionPlane[]>>
  /** The Comment tool's panel; without it there is no Comment tool. */
  commentPanel?: ReactNode
}) {
  const [measurements, setMeasurements] = useState<Measurement[]>([])
  const [status, setStatus] = useState('')
  const [mode, setMode] = useState<MeasureMode>('distance')
  const [factor, setFactor] = useState(0)
  const [box] = useState(() => worldBox(meshesOf(view.root)))
  const [pickingFace, setPickingFace] = useState(false)
  const partsNow = useRef(parts)
  partsNow.current = parts
  const [instances, setInstances] = useState<{ measure: MeasureTool; section: SectionView; explode: ExplodeView } | null>(null)

  useEffect(() => {
    const made = {
      measure: new MeasureTool(view, () => partsNow.current, unit, (list, said) => (setMeasurements(list), setStatus(said)), brepRadii),
      section: new SectionView(view),
      explode: new ExplodeView(view, partsNow.current),
    }
    const publish = publishViewState(view, made.section)
    view.beforeRender.add(publish)
    // The view as it is now, said at once: asking for a frame would draw a large model again.
    publish()
    setInstances(made)
    return () => {
      view.beforeRender.delete(publish)
      made.measure.dispose()
      made.section.dispose()
      made.explode.dispose()
      setInstances(null)
    }
  }, [view, unit, brepRadii])

  useEffect(() => instances?.measure.setActive(open === 'measure'), [open, instances])
  useEffect(() => instances?.section.set(planes), [planes, instances])
  useEffect(() => instances?.explode.set(factor), [factor, instances])

  const addPlane = (axis: Axis) => {
    const [min, max] = extentAlong(box, axisNormal[axis])
    setPlanes((p) => [...p, { id: nextPlaneId(p), along: axis, normal: axisNormal[axis], offset: (min + max) / 2, flipped: false }])
  }

  // A plane on a picked face: through the point picked, square to the face, keeping what lies behind the face.
  useEffect(() => {
    if (!pickingFace || open !== 'section') return
    const canvas = view.canvas
    canvas.style.cursor = 'crosshair'
    const stop = onCanvasClick(canvas, (event) => {
      const pick = pickModel(view.camera, canvas, view.root, event.clientX, event.clientY)
      if (!pick) return
      const { normal, onFace } = faceNormal(pick, view.camera)
      // A hair outside the face, so the face itself is kept until the plane moves in.
      const offset = normal[0] * onFace.x + normal[1] * onFace.y + normal[2] * onFace.z + box.getSize(new THREE.Vector3()).length() * 1e-6
      setPlanes((p) => [...p, { id: nextPlaneId(p), along: 'face', normal, offset, flipped: false }])
      setPickingFace(false)
    })
    return () => {
      stop()
      canvas.style.cursor = ''
    }
  }, [pickingFace, open, view, box, setPlanes])

  return (
    <>
      <ToolButtons open={open} onOpen={setOpen} comment={commentPanel !== undefined} />
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
        <SectionPanel
          planes={planes}
          rangeOf={(plane) => extentAlong(box, plane.normal)}
          unit={unit}
          pickingFace={pickingFace}
          onPickFace={setPickingFace}
          onAdd={addPlane}
          onChange={(plane) => setPlanes((p) => p.map((q) => (q.id === plane.id ? plane : q)))}
          onRemove={(plane) => setPlanes((p) => p.filter((q) => q.id !== plane.id))}
        />
      ) : null}
      {open === 'comment' ? commentPanel : null}
      {open === 'explode' ? <ExplodePanel factor={factor} possible={instances?.explode.possible ?? false} onChange={setFactor} /> : null}
    </>
  )
}
