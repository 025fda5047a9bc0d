import * as THREE from 'three'
import type { PinnedCamera, PinnedSection, PinnedView } from '../../../../lib/review-comments'
import type { ModelScene } from '../model-scene'
import type { SectionPlane } from '../viewer-tools'

type ModelPin = Extract<PinnedView, { kind: 'model' }>
type DrawingPin = Extract<PinnedView, { kind: 'drawing' }>

const triple = (v: THREE.Vector3): [number, number, number] => [v.x, v.y, v.z]

/** The camera of a model's view: where it is, the point the orbit turns about, and which way is up. */
export function readCamera(scene: ModelScene): PinnedCamera {
  return { position: triple(scene.camera.position), target: triple(scene.controls.target), up: triple(scene.camera.up) }
}

/** Puts the camera and the orbit's centre where a pinned view had them; the clipping range follows the distance, as a standard view sets it. */
export function applyCamera(scene: ModelScene, camera: PinnedCamera) {
  scene.camera.position.set(...camera.position)
  scene.controls.target.set(...camera.target)
  scene.camera.up.set(...camera.up)
  const distance = Math.max(scene.camera.position.distanceTo(scene.controls.target), 1e-6)
  scene.camera.near = distance / 1000
  scene.camera.far = distance * 100
  scene.camera.updateProjectionMatrix()
  scene.controls.update()
  scene.requestRender()
}

/** The section planes as a pin keeps them (the section tool's own ids are left out). */
export const pinnedSections = (planes: readonly SectionPlane[]): PinnedSection[] => planes.map(({ along, normal, offset, flipped }) => ({ along, normal, offset, flipped }))

/** A pin's section planes as the section tool keeps them, numbered from `firstId`. */
export const sectionPlanes = (sections: readonly PinnedSection[], firstId: number): SectionPlane[] => sections.map((s, i) => ({ id: firstId + i, along: s.along, normal: s.normal, offset: s.offset, flipped: s.flipped }))

/** The view of a model a comment is pinned in: the point picked, the camera, the section planes and the keys of the parts hidden. */
export function readModelView(scene: ModelScene, point: [number, number, number], planes: readonly SectionPlane[], hidden: ReadonlySet<string>): ModelPin {
  return { kind: 'model', point, camera: readCamera(scene), sections: pinnedSections(planes), hiddenParts: [...hidden] }
}

/** The part of the dxf-viewer a drawing's view is read from and set on. */
export interface DrawingCamera {
  GetCamera(): THREE.OrthographicCamera
  GetOrigin(): { x: number; y: number }
  SetView(center: { x: number; y: number }, width: number): void
  Render(): void
}

/**
 * A drawing's view: its centre in the drawing's units and its zoom, the width of the drawing across
 * the view in the drawing's units (so the same part of it shows whatever the window's size).
 */
export function readDrawingView(viewer: DrawingCamera, point: [number, number]): DrawingPin {
  const cam = viewer.GetCamera()
  const origin = viewer.GetOrigin()
  return { kind: 'drawing', point, center: [cam.position.x + origin.x, cam.position.y + origin.y], zoom: (cam.right - cam.left) / cam.zoom }
}

export function applyDrawingView(viewer: DrawingCamera, view: DrawingPin) {
  const origin = viewer.GetOrigin()
  viewer.SetView({ x: view.center[0] - origin.x, y: view.center[1] - origin.y }, view.zoom)
  viewer.Render()
}
