import * as THREE from 'three'

/** A part of the model as the viewer's parts list names it: its key, its depth in the tree and its meshes (its sub-parts' included). */
export interface ScenePart {
  key: string
  name: string
  depth: number
  meshes: THREE.Mesh[]
}

/** Objects the viewer's tools add to the scene (markers, caps): never measured, cut or exploded. */
export const isToolObject = (object: THREE.Object3D) => object.userData.viewerTool === true

export function markAsTool<T extends THREE.Object3D>(object: T): T {
  object.userData.viewerTool = true
  return object
}

/** Whether an object and all its ancestors are shown. */
export function shown(object: THREE.Object3D): boolean {
  for (let o: THREE.Object3D | null = object; o; o = o.parent) if (!o.visible) return false
  return true
}

/** Every mesh of the model, in scene order. */
export function meshesOf(root: THREE.Object3D | null): THREE.Mesh[] {
  const meshes: THREE.Mesh[] = []
  root?.traverse((o) => {
    if (o instanceof THREE.Mesh && !isToolObject(o)) meshes.push(o)
  })
  return meshes
}

/**
 * Marks a mesh as a piece of one mesh read in pieces (a large STL drawn as it arrives): the pieces
 * measure, move and cut as the one mesh they are, named `whole`.
 */
export function markAsPiece(mesh: THREE.Mesh, whole: string) {
  mesh.userData.pieceOf = whole
}

/**
 * The model's meshes grouped by the innermost part that holds each (a part moves and measures as one);
 * a model with no parts list gives one group per mesh, a mesh read in pieces one for all its pieces.
 */
export function innermostParts(parts: readonly ScenePart[], meshes: readonly THREE.Mesh[]): { name: string; meshes: THREE.Mesh[] }[] {
  const owner = new Map<THREE.Mesh, ScenePart>()
  for (const part of parts)
    for (const mesh of part.meshes) {
      const current = owner.get(mesh)
      if (!current || part.depth > current.depth) owner.set(mesh, part)
    }
  const groups = new Map<string, { name: string; meshes: THREE.Mesh[] }>()
  meshes.forEach((mesh, i) => {
    const part = owner.get(mesh)
    const pieceOf: unknown = mesh.userData.pieceOf
    const key = part ? part.key : typeof pieceOf === 'string' ? `piece:${pieceOf}` : `mesh:${i}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { name: part?.name ?? (mesh.name || `Part ${i + 1}`), meshes: [] }))
    group.meshes.push(mesh)
  })
  return [...groups.values()]
}

/** The world box around shown meshes. */
export function worldBox(meshes: readonly THREE.Mesh[]): THREE.Box3 {
  const box = new THREE.Box3()
  for (const mesh of meshes) if (shown(mesh)) box.expandByObject(mesh)
  return box
}

/** A point of the model under the pointer: its mesh, the point in world coordinates and the triangle hit. */
export interface ModelPick {
  mesh: THREE.Mesh
  point: [number, number, number]
  triangle: number
}

/** The nearest shown point of the model under a point of the page, on the kept side of any section plane. */
export function pickModel(camera: THREE.Camera, canvas: HTMLCanvasElement, root: THREE.Object3D | null, clientX: number, clientY: number): ModelPick | null {
  const rect = canvas.getBoundingClientRect()
  const ndc = new THREE.Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1)
  const raycaster = new THREE.Raycaster()
  raycaster.setFromCamera(ndc, camera)
  for (const hit of raycaster.intersectObjects(meshesOf(root).filter(shown), false)) {
    const mesh = hit.object as THREE.Mesh
    const material = [mesh.material].flat()[0] as THREE.Material | undefined
    if (material?.clippingPlanes?.some((plane) => plane.distanceToPoint(hit.point) < 0)) continue
    if (hit.faceIndex === undefined || hit.faceIndex === null) continue
    return { mesh, point: [hit.point.x, hit.point.y, hit.point.z], triangle: hit.faceIndex }
  }
  return null
}

/** Calls `onClick` for a primary-button click on the canvas that did not drag (a drag turns the view). Answers a function that stops listening. */
export function onCanvasClick(canvas: HTMLCanvasElement, onClick: (event: PointerEvent) => void): () => void {
  let down: { x: number; y: number } | null = null
  const onDown = (event: PointerEvent) => (down = event.button === 0 ? { x: event.clientX, y: event.clientY } : null)
  const onUp = (event: PointerEvent) => {
    const from = down
    down = null
    if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) <= 4) onClick(event)
  }
  canvas.addEventListener('pointerdown', onDown)
  canvas.addEventListener('pointerup', onUp)
  return () => {
    canvas.removeEventListener('pointerdown', onDown)
    canvas.removeEventListener('pointerup', onUp)
  }
}
