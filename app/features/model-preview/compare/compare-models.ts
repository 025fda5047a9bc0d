import * as THREE from 'three'
import type { LoadedModel } from '../load-model'
import type { ModelScene } from '../model-scene'
import { boxOf, comparedPaths, diffParts, geometryPrint, toleranceOf, type PartChange, type PartsDiff } from './diff-parts'

/** The overlay's colours for each kind of change (sRGB), and the ghost of an older one-part model. */
export const changeColors: Record<PartChange, string> = { added: '#2fa84f', removed: '#e0443a', changed: '#f0a020', unchanged: '#c4c9d0' }
export const ghostColor = '#9aa3ad'

/** A mesh's positions in the model's coordinates (its node's placement applied). */
function worldPositions(mesh: THREE.Mesh): Float32Array {
  const attribute = mesh.geometry.getAttribute('position')
  const out = new Float32Array(attribute.count * 3)
  const v = new THREE.Vector3()
  for (let i = 0; i < attribute.count; i++) {
    v.fromBufferAttribute(attribute, i).applyMatrix4(mesh.matrixWorld)
    out[i * 3] = v.x
    out[i * 3 + 1] = v.y
    out[i * 3 + 2] = v.z
  }
  return out
}

export interface ModelsDiff {
  diff: PartsDiff
  /** Each mesh's change: the newer model's by its part, the older's "removed" for a removed part, null for a part the newer one shows. */
  newer: Map<THREE.Mesh, PartChange>
  older: Map<THREE.Mesh, PartChange | null>
}

/** Compares two loaded revisions part by part (or whole, for one-part files), with one tolerance for both. */
export function diffModels(older: LoadedModel, newer: LoadedModel): ModelsDiff {
  older.object.updateMatrixWorld(true)
  newer.object.updateMatrixWorld(true)
  const [olderPaths, newerPaths] = comparedPaths({ tree: older.tree, meshCount: older.meshes.length }, { tree: newer.tree, meshCount: newer.meshes.length })
  const olderPositions = older.meshes.map(worldPositions)
  const newerPositions = newer.meshes.map(worldPositions)
  const tolerance = toleranceOf(boxOf([...olderPositions, ...newerPositions]))
  const printed = (paths: typeof olderPaths, positions: Float32Array[]) => paths.map((p) => ({ path: p.path, name: p.name, print: geometryPrint(p.meshes.map((i) => positions[i]!), tolerance) }))
  const diff = diffParts(printed(olderPaths, olderPositions), printed(newerPaths, newerPositions))
  const changeOf = new Map(diff.parts.map((p) => [p.path, p.change]))
  const newerMeshes = new Map<THREE.Mesh, PartChange>()
  for (const part of newerPaths) for (const i of part.meshes) newerMeshes.set(newer.meshes[i]!, changeOf.get(part.path) ?? 'unchanged')
  const olderMeshes = new Map<THREE.Mesh, PartChange | null>()
  for (const part of olderPaths) {
    const change = changeOf.get(part.path)
    for (const i of part.meshes) olderMeshes.set(older.meshes[i]!, change === 'removed' ? 'removed' : null)
  }
  return { diff, newer: newerMeshes, older: olderMeshes }
}

function paint(mesh: THREE.Mesh, color: string, opacity: number) {
  for (const m of [mesh.material].flat()) m.dispose()
  mesh.material = new THREE.MeshStandardMaterial({ color, metalness: 0.05, roughness: 0.7, side: THREE.DoubleSide, transparent: opacity < 1, opacity, depthWrite: opacity >= 1, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 })
}

/**
 * Both revisions in one group, coloured by what changed: the newer model's parts added, changed or
 * unchanged; the older model's removed parts red and see-through, its other parts hidden. Compared
 * whole, the older model shows as a ghost where the newer one differs.
 */
export function overlayOf(older: LoadedModel, newer: LoadedModel, { diff, newer: newerChanges, older: olderChanges }: ModelsDiff): THREE.Group {
  for (const [mesh, change] of newerChanges) paint(mesh, changeColors[change], 1)
  const ghost = diff.whole && diff.counts.changed > 0
  for (const [mesh, change] of olderChanges) {
    if (change === 'removed') paint(mesh, changeColors.removed, 0.35)
    else if (ghost) paint(mesh, ghostColor, 0.25)
    else mesh.visible = false
    // See-through meshes draw after the solid ones.
    mesh.renderOrder = 1
  }
  const group = new THREE.Group()
  group.add(older.object, newer.object)
  return group
}

/** Looks at everything both scenes show, from the first scene's current direction, and keeps the second one's camera the same. */
export function fitBoth(a: ModelScene, b: ModelScene) {
  const box = new THREE.Box3()
  for (const scene of [a, b]) if (scene.root) box.expandByObject(scene.root)
  if (box.isEmpty()) return
  const sphere = box.getBoundingSphere(new THREE.Sphere())
  const radius = Math.max(sphere.radius, 1e-6)
  const direction = a.camera.position.clone().sub(a.controls.target).normalize()
  if (direction.lengthSq() === 0) direction.set(1, -1, 1).normalize()
  const distance = (radius / Math.sin(THREE.MathUtils.degToRad(a.camera.fov / 2))) * 1.15
  a.controls.target.copy(sphere.center)
  a.camera.position.copy(sphere.center).addScaledVector(direction, distance)
  a.camera.near = distance / 1000
  a.camera.far = distance * 100
  a.camera.updateProjectionMatrix()
  a.controls.update()
  copyView(a, b)
}

/** Puts the second scene's camera where the first one's is: the same position, target, up and depth range. */
export function copyView(from: ModelScene, to: ModelScene) {
  to.camera.position.copy(from.camera.position)
  to.camera.up.copy(from.camera.up)
  to.controls.target.copy(from.controls.target)
  to.camera.near = from.camera.near
  to.camera.far = from.camera.far
  to.camera.updateProjectionMatrix()
  to.controls.update()
  to.requestRender()
}

/** Moves each scene's camera with the other's; answers a function that unlinks them. */
export function linkViews(a: ModelScene, b: ModelScene): () => void {
  let copying = false
  const follow = (from: ModelScene, to: ModelScene) => () => {
    if (copying) return
    copying = true
    try {
      copyView(from, to)
    } finally {
      copying = false
    }
  }
  const aMoved = follow(a, b)
  const bMoved = follow(b, a)
  a.controls.addEventListener('change', aMoved)
  b.controls.addEventListener('change', bMoved)
  return () => {
    a.controls.removeEventListener('change', aMoved)
    b.controls.removeEventListener('change', bMoved)
  }
}
