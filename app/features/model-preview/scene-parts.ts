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
 * The model's meshes grouped by the innermost part that holds each (a part moves and measures as one);
 * a model with no parts list gives one group per mesh.
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
    const key = part ? part.key : `mesh:${i}`
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
