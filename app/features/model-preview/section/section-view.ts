import * as THREE from 'three'
import type { ModelScene } from '../model-scene'
import { isToolObject, markAsTool, meshesOf, shown, worldBox } from '../scene-parts'

export type Axis = 'x' | 'y' | 'z'

export interface SectionPlane {
  id: number
  /** Along X, Y or Z, or on a face picked on the model. */
  along: Axis | 'face'
  /** The plane's unit normal. */
  normal: [number, number, number]
  /** Where the plane crosses its normal from the origin, in the model's units. */
  offset: number
  /** False keeps the side behind the plane (against its normal), true the side in front. */
  flipped: boolean
}

export const axisNormal: Record<Axis, [number, number, number]> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] }

/** The three.js plane of a section plane: three.js keeps what lies on its normal's side. */
export function clippingPlane({ normal, offset, flipped }: SectionPlane): THREE.Plane {
  const n = new THREE.Vector3(...normal).multiplyScalar(flipped ? 1 : -1)
  return new THREE.Plane(n, flipped ? -offset : offset)
}

/** The hatch of a cut: dark diagonal lines on a warm ground, the way a drawing shades a section. */
function hatchTexture(): THREE.Texture {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 32
  const ctx = canvas.getContext('2d')!
  ctx.fillStyle = '#e07a3f'
  ctx.fillRect(0, 0, 32, 32)
  ctx.strokeStyle = '#8f3a12'
  ctx.lineWidth = 3
  for (const shift of [-32, 0, 32]) {
    ctx.beginPath()
    ctx.moveTo(shift, 32)
    ctx.lineTo(shift + 32, 0)
    ctx.stroke()
  }
  const texture = new THREE.CanvasTexture(canvas)
  texture.colorSpace = THREE.SRGBColorSpace
  texture.wrapS = texture.wrapT = THREE.RepeatWrapping
  return texture
}

const stencilBase = {
  depthWrite: false,
  depthTest: false,
  colorWrite: false,
  stencilWrite: true,
  stencilFunc: THREE.AlwaysStencilFunc,
} as const

/**
 * Section planes through the model. Each plane clips every mesh of the scene but the tools' own, and
 * its cut is capped with the stencil buffer: each mesh's back faces behind the plane add one and its
 * front faces take one away, so the pixels left non-zero are those where the plane lies inside the
 * solid; a hatched quad on the plane is drawn only there. The caps follow the meshes as they move or
 * hide (explode, isolate).
 */
export class SectionView {
  private planes: THREE.Plane[] = []
  private readonly group = markAsTool(new THREE.Group())
  private stencils: { mesh: THREE.Mesh; source: THREE.Mesh }[] = []
  private caps: THREE.Mesh[] = []
  private readonly hatch = hatchTexture()
  private readonly centre = new THREE.Vector3()

  constructor(private view: ModelScene) {
    view.renderer.localClippingEnabled = true
    view.scene.add(this.group)
    view.beforeRender.add(this.follow)
  }

  /** The number of caps drawn (one per plane that cuts a shown mesh's box). */
  get capCount(): number {
    return this.caps.filter((c) => c.visible).length
  }

  /**
   * Shows the sections given. The same number of planes as before (one moved or flipped) changes
   * the planes in place, which the materials read at each frame; any other change draws them afresh;
   * none before and none now changes nothing.
   */
  set(sections: readonly SectionPlane[]) {
    // No section before or after: nothing to draw again.
    if (sections.length === 0 && this.planes.length === 0) return
    if (sections.length > 0 && sections.length === this.planes.length) {
      sections.forEach((section, i) => {
        this.planes[i]!.copy(clippingPlane(section))
        this.placeCap(this.caps[i]!, this.planes[i]!)
      })
      return this.view.requestRender()
    }
    this.clearDrawing()
    this.planes = sections.map(clippingPlane)
    const meshes = meshesOf(this.view.root)
    const box = new THREE.Box3()
    for (const m of meshes) box.expandByObject(m)
    const sphere = box.isEmpty() ? new THREE.Sphere(new THREE.Vector3(), 1) : box.getBoundingSphere(new THREE.Sphere())
    this.centre.copy(sphere.center)
    // An explosion may carry parts out to twice the model's size.
    const size = sphere.radius * 6
    this.planes.forEach((plane, i) => {
      const order = i + 1
      for (const source of meshes) {
        for (const [side, op] of [
          [THREE.BackSide, THREE.IncrementWrapStencilOp],
          [THREE.FrontSide, THREE.DecrementWrapStencilOp],
        ] as const) {
          const material = new THREE.MeshBasicMaterial({ ...stencilBase, side, clippingPlanes: [plane], stencilFail: op, stencilZFail: op, stencilZPass: op })
          const mesh = markAsTool(new THREE.Mesh(source.geometry, material))
          mesh.matrixAutoUpdate = false
          mesh.renderOrder = order
          this.group.add(mesh)
          this.stencils.push({ mesh, source })
        }
      }
      const hatch = this.hatch.clone()
      hatch.repeat.set(size / (sphere.radius / 8), size / (sphere.radius / 8))
      const cap = markAsTool(
        new THREE.Mesh(
          new THREE.PlaneGeometry(size, size),
          new THREE.MeshBasicMaterial({
            map: hatch,
            side: THREE.DoubleSide,
            clippingPlanes: this.planes.filter((p) => p !== plane),
            stencilWrite: true,
            stencilRef: 0,
            stencilFunc: THREE.NotEqualStencilFunc,
            stencilFail: THREE.ReplaceStencilOp,
            stencilZFail: THREE.ReplaceStencilOp,
            stencilZPass: THREE.ReplaceStencilOp,
          }),
        ),
      )
      cap.name = 'section-cap'
      this.placeCap(cap, plane)
      cap.renderOrder = order + 0.1
      cap.onAfterRender = (renderer) => renderer.clearStencil()
      this.group.add(cap)
      this.caps.push(cap)
    })
    this.view.requestRender()
  }

  /** Lays a cap's quad on its plane, centred where the model's centre falls on it. */
  private placeCap(cap: THREE.Mesh, plane: THREE.Plane) {
    plane.projectPoint(this.centre, cap.position)
    cap.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), plane.normal)
  }

  /** Clips the scene's meshes and lines (those added since too: the edges) and moves the stencil meshes with their sources. */
  private follow = () => {
    const planes = this.planes
    this.view.scene.traverse((o) => {
      if (isToolObject(o) || (o.parent && isToolObject(o.parent)) || !(o instanceof THREE.Mesh || o instanceof THREE.LineSegments)) return
      for (const m of [o.material].flat() as THREE.Material[]) {
        // A material that clips by its own plane (a result's clip) keeps it.
        if (m.clippingPlanes === planes || m.userData.ownClipping) continue
        m.clippingPlanes = planes
        m.needsUpdate = true
      }
    })
    for (const { mesh, source } of this.stencils) {
      mesh.visible = shown(source)
      mesh.matrix.copy(source.matrixWorld)
      mesh.matrixWorld.copy(source.matrixWorld)
    }
    // A plane that misses every shown mesh's box cuts nothing: it has no cap.
    const box = worldBox(meshesOf(this.view.root))
    this.caps.forEach((cap, i) => (cap.visible = !box.isEmpty() && box.intersectsPlane(this.planes[i]!)))
  }

  private clearDrawing() {
    for (const { mesh } of this.stencils) (mesh.material as THREE.Material).dispose()
    for (const cap of this.caps) {
      cap.geometry.dispose()
      ;(cap.material as THREE.MeshBasicMaterial).map?.dispose()
      ;(cap.material as THREE.Material).dispose()
    }
    this.group.clear()
    this.stencils = []
    this.caps = []
  }

  dispose() {
    this.set([])
    this.view.beforeRender.delete(this.follow)
    this.view.scene.remove(this.group)
    this.hatch.dispose()
  }
}
