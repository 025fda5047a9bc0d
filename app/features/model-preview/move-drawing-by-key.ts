import type { DxfViewer } from 'dxf-viewer'
import * as THREE from 'three'

/** The keys that move a drawing: [pan x, pan y] in tenths of the view's width, and the factor the width is multiplied by. */
const moves: Record<string, [number, number, number]> = {
  ArrowLeft: [-1, 0, 1],
  ArrowRight: [1, 0, 1],
  ArrowUp: [0, 1, 1],
  ArrowDown: [0, -1, 1],
  '+': [0, 0, 0.8],
  '=': [0, 0, 0.8],
  '-': [0, 0, 1.25],
  _: [0, 0, 1.25],
}

/** Arrow keys pan a drawing by a tenth of the view, + and - zoom: the keyboard's way to what the mouse does. Other keys are left alone. */
export function moveDrawingByKey(viewer: DxfViewer, event: React.KeyboardEvent): void {
  const move = moves[event.key]
  if (!move) return
  event.preventDefault()
  const cam = viewer.GetCamera()
  const width = (cam.right - cam.left) / cam.zoom
  const step = width / 10
  viewer.SetView(new THREE.Vector3(cam.position.x + move[0] * step, cam.position.y + move[1] * step, 0), width * move[2])
  viewer.Render()
}
