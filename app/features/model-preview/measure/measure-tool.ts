import * as THREE from 'three'
import { add, angleBetween, boundingBox, distance, scale, snapOnTriangle, solidProperties, type Vec3 } from '../../../../lib/model-measure/measure'
import type { ModelScene } from '../model-scene'
import { innermostParts, markAsTool, meshesOf, onCanvasClick, pickModel, shown, type ModelPick, type ScenePart } from '../scene-parts'
import { circleOfFace, edgeNear, faceAround, triangleCorners, unitNormal, worldTriangles } from './mesh-geometry'
import { matchRadius } from './step-radii'

export type MeasureMode = 'distance' | 'angle' | 'diameter' | 'part'

export interface Measurement {
  id: number
  mode: MeasureMode
  /** What the list says, in full. */
  text: string
  /** What the label on the model says. */
  label: string
}

type Pick = Omit<ModelPick, 'point'> & { point: Vec3; edge?: Vec3 | null }

/** A number as the viewer writes measurements: at most 4 significant figures, no trailing zeros. */
export const figure = (v: number) => Number(v.toPrecision(4)).toString()

/** How near to a corner, an edge's middle or a face's centre a pick snaps, in screen pixels. */
const SNAP_PIXELS = 12

/**
 * The measure tool: picks on the model (a click that did not drag), and what they measure, drawn on
 * the model (markers, a line, a label that follows the view) and listed. Distances snap to corners,
 * edges' midpoints and faces' centres; angles are between two picked faces or edges (a pick near
 * an edge of the model takes the edge); a diameter is fitted to a picked cylindrical face or a
 * circular rim, and when the model's boundary representation has a radius within a hair of the fit
 * (`matchRadius`), that exact radius is given instead, the list saying which it is; a part gives its
 * box, and when it is a closed solid its volume and surface area.
 */
export class MeasureTool {
  mode: MeasureMode = 'distance'
  private pending: Pick[] = []
  private nextId = 1
  private readonly group = markAsTool(new THREE.Group())
  private readonly overlay: HTMLDivElement
  private readonly labels: { element: HTMLElement; at: THREE.Vector3; id: number }[] = []
  private readonly drawn = new Map<number, THREE.Object3D[]>()
  private active = false
  private stopListening: () => void

  constructor(
    private view: ModelScene,
    private parts: () => readonly ScenePart[],
    private unit: string,
    private onChange: (measurements: Measurement[], status: string) => void,
    /** The radii of the model's cylindrical faces and circular edges from its boundary representation, ascending, in the model's units. */
    private brepRadii?: Float64Array,
  ) {
    this.group.renderOrder = 10
    view.scene.add(this.group)
    this.overlay = document.createElement('div')
    this.overlay.className = 'pointer-events-none absolute inset-0 overflow-hidden'
    this.overlay.setAttribute('aria-hidden', 'true')
    view.canvas.parentElement?.appendChild(this.overlay)
    view.beforeRender.add(this.placeLabels)
    this.stopListening = onCanvasClick(view.canvas, (event) => {
      if (!this.active) return
      const pick = pickModel(view.camera, view.canvas, view.root, event.clientX, event.clientY)
      if (!pick) return this.report('Nothing of the model there: pick on the model.')
      this.picked(pick)
    })
  }

  private measurements: Measurement[] = []

  /** Picking is on while the tool's panel is open. */
  setActive(on: boolean) {
    const was = this.active
    this.active = on
    this.view.canvas.style.cursor = on ? 'crosshair' : ''
    // Opening the tool says what to pick; closing it drops a half-made measurement; staying closed does
    // nothing (the view is not drawn again for nothing).
    if (on && !was) this.report(this.prompt())
    if (!on && was) this.cancelPending()
  }

  setMode(mode: MeasureMode) {
    this.mode = mode
    this.cancelPending()
  }

  clear() {
    for (const objects of this.drawn.values()) for (const o of objects) this.group.remove(o)
    this.drawn.clear()
    for (const label of this.labels.splice(0)) label.element.remove()
    this.measurements = []
    this.cancelPending()
  }

  dispose() {
    this.clear()
    this.view.scene.remove(this.group)
    this.overlay.remove()
    this.view.beforeRender.delete(this.placeLabels)
    this.stopListening()
  }

  private cancelPending() {
    this.dropDrawing(0)
    this.pending = []
    this.report(this.prompt())
  }

  private prompt(): string {
    const second = this.pending.length > 0
    switch (this.mode) {
      case 'distance':
        return second ? 'Pick the second point.' : 'Pick the first point: it snaps to corners, edge midpoints and face centres.'
      case 'angle':
        return second ? 'Pick the second face or edge.' : 'Pick the first face or edge (near an edge, the edge is taken).'
      case 'diameter':
        return 'Pick a cylindrical face, or a flat face beside a circular edge.'
      case 'part':
        return 'Pick a part.'
    }
  }

  private report(status: string) {
    this.onChange([...this.measurements], status)
    this.view.requestRender()
  }

  /** The length of a screen pixel at a point of the model, in model units. */
  private pixelAt(point: Vec3): number {
    const camera = this.view.camera
    const depth = camera.position.distanceTo(new THREE.Vector3(...point))
    const height = this.view.canvas.clientHeight || 1
    return (2 * depth * Math.tan(THREE.MathUtils.degToRad(camera.fov / 2))) / height
  }

  private picked(pick: Pick) {
    const triangles = worldTriangles(pick.mesh)
    switch (this.mode) {
      case 'distance': {
        const snapped = snapOnTriangle(pick.point, triangleCorners(triangles, pick.triangle), SNAP_PIXELS * this.pixelAt(pick.point))
        this.pending.push({ ...pick, point: snapped.point })
        this.drawMarker(0, snapped.point)
        if (this.pending.length < 2) return this.report(this.prompt())
        const [a, b] = this.pending.map((p) => p.point) as [Vec3, Vec3]
        const d = figure(distance(a, b))
        return this.add('distance', `Distance: ${d} ${this.unit}`, `${d} ${this.unit}`, [a, b], scale(add(a, b), 0.5))
      }
      case 'angle': {
        const edge = edgeNear(triangles, pick.triangle, pick.point, (SNAP_PIXELS / 2) * this.pixelAt(pick.point))
        this.pending.push({ ...pick, edge })
        this.drawMarker(0, pick.point)
        if (this.pending.length < 2) return this.report(this.prompt())
        const [p, q] = this.pending as [Pick, Pick]
        const normal = (r: Pick) => unitNormal(worldTriangles(r.mesh), r.triangle)
        // Two edges: the angle between their lines; an edge and a face: between the line and the plane; two faces: between their normals.
        const [words, degrees] =
          p.edge && q.edge
            ? ['edges', angleBetween(p.edge, q.edge, false)]
            : p.edge || q.edge
              ? ['an edge and a face', 90 - angleBetween((p.edge ?? q.edge)!, p.edge ? normal(q) : normal(p), false)]
              : ['faces', angleBetween(normal(p), normal(q))]
        const angle = figure(degrees)
        return this.add('angle', `Angle between ${words}: ${angle}°`, `${angle}°`, [p.point, q.point], scale(add(p.point, q.point), 0.5))
      }
      case 'diameter': {
        const circle = circleOfFace(triangles, faceAround(triangles, pick.triangle), pick.point)
        if (!circle) return this.report('That face is not round: pick a cylindrical face, or a flat face beside a circular edge.')
        const exact = this.brepRadii ? matchRadius(circle.radius, this.brepRadii) : null
        const radius = exact ?? circle.radius
        const diameter = figure(radius * 2)
        const source = exact === null ? 'fitted' : "from the model's geometry"
        return this.add('diameter', `Diameter: ${diameter} ${this.unit} (radius ${figure(radius)} ${this.unit}), ${source}`, `⌀ ${diameter} ${this.unit}`, [circle.centre], circle.centre)
      }
      case 'part': {
        const group = innermostParts(this.parts(), meshesOf(this.view.root)).find((g) => g.meshes.includes(pick.mesh))!
        const { text, label } = this.partProperties(group.name, group.meshes.filter(shown))
        return this.add('part', text, label, [], pick.point)
      }
    }
  }

  /** A part's box, and its volume and area when its meshes close a solid, in the model's units. */
  private partProperties(name: string, meshes: THREE.Mesh[]): { text: string; label: string } {
    const all = meshes.map(worldTriangles)
    const positions = new Float32Array(all.reduce((n, t) => n + t.positions.length, 0))
    const index = new Uint32Array(all.reduce((n, t) => n + t.index.length, 0))
    let p = 0
    let i = 0
    for (const t of all) {
      positions.set(t.positions, p)
      index.set(t.index.map((k) => k + p / 3), i)
      p += t.positions.length
      i += t.index.length
    }
    const box = boundingBox(positions)
    const size = `${box.size.map(figure).join(' × ')} ${this.unit}`
    const solid = solidProperties(positions, index)
    const area = `${figure(solid.area)} ${this.unit}²`
    if (!solid.closed) return { text: `${name}: box ${size}; surface area ${area} (not a closed solid, so no volume)`, label: size }
    const volume = `${figure(solid.volume)} ${this.unit}³`
    return { text: `${name}: box ${size}; volume ${volume}; surface area ${area}`, label: `${volume}, ${area}` }
  }

  private add(mode: MeasureMode, text: string, label: string, points: Vec3[], at: Vec3) {
    const id = this.nextId++
    const objects = this.dropDrawing(0)
    if (points.length === 2) {
      const line = new THREE.Line(new THREE.BufferGeometry().setFromPoints(points.map((v) => new THREE.Vector3(...v))), new THREE.LineBasicMaterial({ color: 0xe8590c, depthTest: false }))
      line.renderOrder = 10
      objects.push(markAsTool(line))
      this.group.add(line)
    }
    for (const point of points) objects.push(this.marker(point))
    this.drawn.set(id, objects)
    const element = document.createElement('span')
    element.className = 'absolute -translate-x-1/2 -translate-y-full rounded bg-black/75 px-1.5 py-0.5 text-xs whitespace-nowrap text-white'
    element.textContent = label
    element.dataset.testid = 'measure-label'
    this.overlay.appendChild(element)
    this.labels.push({ element, at: new THREE.Vector3(...at), id })
    this.measurements.push({ id, mode, text, label })
    this.pending = []
    this.report(this.prompt())
  }

  /** Removes the drawing of a measurement (0: the picks of the one under way) and answers an empty list for its next drawing. */
  private dropDrawing(id: number): THREE.Object3D[] {
    for (const o of this.drawn.get(id) ?? []) this.group.remove(o)
    this.drawn.delete(id)
    return []
  }

  private drawMarker(id: number, point: Vec3) {
    const marker = this.marker(point)
    this.drawn.set(id, [...(this.drawn.get(id) ?? []), marker])
  }

  private marker(point: Vec3): THREE.Object3D {
    const geometry = new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(...point)])
    const dot = markAsTool(new THREE.Points(geometry, new THREE.PointsMaterial({ color: 0xe8590c, size: 8, sizeAttenuation: false, depthTest: false })))
    dot.renderOrder = 11
    this.group.add(dot)
    return dot
  }

  /** Keeps each label over its place on the model as the view turns. */
  private placeLabels = () => {
    const canvas = this.view.canvas
    const v = new THREE.Vector3()
    for (const label of this.labels) {
      v.copy(label.at).project(this.view.camera)
      const hidden = v.z > 1 || v.z < -1
      label.element.style.display = hidden ? 'none' : ''
      label.element.style.left = `${((v.x + 1) / 2) * canvas.clientWidth}px`
      label.element.style.top = `${((1 - v.y) / 2) * canvas.clientHeight - 6}px`
    }
  }
}
