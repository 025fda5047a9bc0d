import * as THREE from 'three'
import { describe, expect, it } from 'vitest'
import { pinnedViewSchema } from '../../../../lib/review-comments'
import type { ModelScene } from '../model-scene'
import { commentPins } from './comment-pins'
import { applyCamera, applyDrawingView, readDrawingView, readModelView, sectionPlanes, type DrawingCamera } from './view-state'

/** The camera and orbit centre of a model's view, as the viewer's scene keeps them. */
function fakeScene() {
  const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1e7)
  const controls = { target: new THREE.Vector3(), update: () => camera.lookAt(controls.target) }
  return { camera, controls, requestRender: () => {} } as unknown as ModelScene
}

/** A drawing's orthographic camera with its scene shifted by an origin, as dxf-viewer sets its view. */
function fakeDrawing(origin: { x: number; y: number }): DrawingCamera {
  const camera = new THREE.OrthographicCamera(-1, 1, 1, -1)
  return {
    GetCamera: () => camera,
    GetOrigin: () => origin,
    SetView(center, width) {
      const height = width / 2
      Object.assign(camera, { left: -width / 2, right: width / 2, top: height / 2, bottom: -height / 2, zoom: 1 })
      camera.position.set(center.x, center.y, 1)
    },
    Render: () => {},
  }
}

describe("a pinned comment's view", () => {
  it('keeps the camera, the section planes without their ids and the hidden parts, within the schema, and gives them back', () => {
    const scene = fakeScene()
    applyCamera(scene, { position: [15, -40, 5], target: [15, 5, 5], up: [0, 0, 1] })
    const planes = [{ id: 7, along: 'x' as const, normal: [1, 0, 0] as [number, number, number], offset: 15, flipped: true }]
    const view = readModelView(scene, [5, 0, 5], planes, new Set(['0.1']))
    expect(pinnedViewSchema.parse(view)).toEqual({
      kind: 'model',
      point: [5, 0, 5],
      camera: { position: [15, -40, 5], target: [15, 5, 5], up: [0, 0, 1] },
      sections: [{ along: 'x', normal: [1, 0, 0], offset: 15, flipped: true }],
      hiddenParts: ['0.1'],
    })
    expect(sectionPlanes(view.sections, 1)).toEqual([{ ...planes[0], id: 1 }])
    // The clipping range follows the camera's distance from what it looks at.
    expect(scene.camera.near).toBeCloseTo(0.045, 6)
    expect(scene.camera.far).toBeCloseTo(4500, 6)
  })

  it("keeps a drawing's centre in the drawing's units and the width shown, whatever the viewer's zoom, and sets them again", () => {
    const viewer = fakeDrawing({ x: 1000, y: 500 })
    viewer.SetView({ x: 4, y: -2 }, 20)
    viewer.GetCamera().zoom = 4
    const view = readDrawingView(viewer, [1003, 499])
    expect(view).toEqual({ kind: 'drawing', point: [1003, 499], center: [1004, 498], zoom: 5 })
    viewer.SetView({ x: 0, y: 0 }, 100)
    applyDrawingView(viewer, view)
    expect(readDrawingView(viewer, [0, 0])).toMatchObject({ center: [1004, 498], zoom: 5 })
  })

  it('numbers the pins by their comments’ place in the list, dims the resolved, and adds the one being written last', () => {
    const comment = (id: string, view: unknown, resolvedAt: string | null) => ({ id, view, resolvedAt }) as Parameters<typeof commentPins>[0][number]
    const model = { kind: 'model', point: [1, 2, 3], camera: { position: [0, 0, 1], target: [0, 0, 0], up: [0, 0, 1] }, sections: [], hiddenParts: [] }
    const pins = commentPins([comment('a', model, null), comment('b', null, null), comment('c', model, '2026-01-01T00:00:00Z')], 'model', [4, 5, 6])
    expect(pins).toEqual([
      { id: 'a', number: 1, point: [1, 2, 3], resolved: false },
      { id: 'c', number: 3, point: [1, 2, 3], resolved: true },
      { id: 'new', number: 4, point: [4, 5, 6], resolved: false },
    ])
  })
})
