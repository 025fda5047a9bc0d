import * as THREE from 'three'
import type { ModelScene } from '../model-scene'
import { innermostParts, meshesOf, type ScenePart } from '../scene-parts'

interface Moving {
  mesh: THREE.Mesh
  rest: THREE.Vector3
  /** The part's way out from the model's centre at a factor of 1, in the mesh's parent's frame. */
  away: THREE.Vector3
}

/**
 * An assembly pulled apart: each part (the innermost part the parts list names, or each mesh of a
 * model with no list) moves out along the line from the model's centre to its own centre, by that
 * distance times the factor, so factor 0 is the assembly as built and 1 doubles each part's distance.
 */
export class ExplodeView {
  private moving: Moving[] = []

  constructor(
    private view: ModelScene,
    parts: readonly ScenePart[],
  ) {
    const root = view.root
    if (!root) return
    root.updateMatrixWorld(true)
    const groups = innermostParts(parts, meshesOf(root))
    if (groups.length < 2) return
    const whole = new THREE.Box3()
    for (const g of groups) for (const m of g.meshes) whole.expandByObject(m)
    const centre = whole.getCenter(new THREE.Vector3())
    for (const g of groups) {
      const own = new THREE.Box3()
      for (const m of g.meshes) own.expandByObject(m)
      const out = own.getCenter(new THREE.Vector3()).sub(centre)
      for (const mesh of g.meshes) {
        const toParent = new THREE.Matrix3().setFromMatrix4(mesh.parent ? mesh.parent.matrixWorld.clone().invert() : new THREE.Matrix4())
        this.moving.push({ mesh, rest: mesh.position.clone(), away: out.clone().applyMatrix3(toParent) })
      }
    }
  }

  /** Whether the model has two parts or more to pull apart. */
  get possible(): boolean {
    return this.moving.length > 0
  }

  /** How far the parts are pulled apart now (0: assembled). */
  private factor = 0

  /** Pulls the parts apart by `factor` (0: assembled); the view is drawn again only when it changes. */
  set(factor: number) {
    if (factor === this.factor) return
    this.factor = factor
    for (const { mesh, rest, away } of this.moving) mesh.position.copy(rest).addScaledVector(away, factor)
    this.view.requestRender()
  }

  dispose() {
    this.set(0)
  }
}
