import * as THREE from 'three'
import { OrbitControls } from 'three/addons/controls/OrbitControls.js'

export type StandardView = 'front' | 'top' | 'side' | 'iso'

/** Where the camera looks from, for each standard view (Z up, as CAD models are drawn). */
const viewDirections: Record<StandardView, THREE.Vector3> = {
  front: new THREE.Vector3(0, -1, 0),
  top: new THREE.Vector3(0, 0, 1),
  side: new THREE.Vector3(1, 0, 0),
  iso: new THREE.Vector3(1, -1, 1).normalize(),
}

/**
 * The 3D view: a WebGL canvas, orbit, pan and zoom (mouse, touch, and the arrow keys once the
 * canvas has the focus), fit to view, the standard views, wireframe and edges. It draws only when
 * something changed. Colours come from the active theme.
 */
export class ModelScene {
  readonly renderer: THREE.WebGLRenderer
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1e7)
  readonly scene = new THREE.Scene()
  readonly controls: OrbitControls
  private model: THREE.Object3D | null = null
  private edges: { mesh: THREE.Mesh; lines: THREE.LineSegments }[] | null = null
  private resizeObserver: ResizeObserver
  private frame = 0
  /** Called before each frame, once the scene's matrices are up to date (the viewer's tools follow the model with them). */
  readonly beforeRender = new Set<() => void>()

  constructor(private container: HTMLElement, colors: { background: string; edges: string }) {
    // The stencil buffer draws the caps of a section's cut.
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true, stencil: true })
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2))
    this.renderer.setClearColor(new THREE.Color(colors.background))
    this.renderer.domElement.tabIndex = 0
    this.renderer.domElement.setAttribute('aria-label', 'Model view: drag or Shift and the arrow keys to orbit, right-drag or the arrow keys to pan, the wheel, a pinch or + and - to zoom')
    this.renderer.domElement.setAttribute('role', 'img')
    container.appendChild(this.renderer.domElement)
    this.camera.up.set(0, 0, 1)
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x555566, 2.2))
    const sun = new THREE.DirectionalLight(0xffffff, 1.6)
    this.camera.add(sun)
    sun.position.set(1, 2, 3)
    this.scene.add(this.camera)
    this.controls = new OrbitControls(this.camera, this.renderer.domElement)
    // Arrow keys pan (with Shift, Ctrl or Cmd they orbit); + and - zoom.
    this.controls.listenToKeyEvents(this.renderer.domElement)
    this.renderer.domElement.addEventListener('keydown', (event) => {
      if (event.key === '+' || event.key === '=') this.zoom(0.8)
      else if (event.key === '-' || event.key === '_') this.zoom(1.25)
      else return
      event.preventDefault()
    })
    this.controls.addEventListener('change', () => this.requestRender())
    this.edgeColor = new THREE.Color(colors.edges)
    this.resizeObserver = new ResizeObserver(() => this.resize())
    this.resizeObserver.observe(container)
    this.resize()
  }

  private edgeColor: THREE.Color

  requestRender() {
    if (this.frame) return
    this.frame = requestAnimationFrame(() => {
      this.frame = 0
      this.scene.updateMatrixWorld()
      for (const hook of this.beforeRender) hook()
      this.renderer.render(this.scene, this.camera)
    })
  }

  private resize() {
    const width = Math.max(1, this.container.clientWidth)
    const height = Math.max(1, this.container.clientHeight)
    this.renderer.setSize(width, height)
    this.camera.aspect = width / height
    this.camera.updateProjectionMatrix()
    this.requestRender()
  }

  setModel(model: THREE.Object3D) {
    if (this.model) this.scene.remove(this.model)
    this.model = model
    this.scene.add(model)
    this.edges = null
    this.view('iso')
  }

  /** The model shown, or null before one is read. */
  get root(): THREE.Object3D | null {
    return this.model
  }

  /** The model's axis-aligned bounding box size, in the model's own units. */
  size(): [number, number, number] {
    const box = new THREE.Box3().setFromObject(this.model ?? new THREE.Object3D())
    const size = box.getSize(new THREE.Vector3())
    return [size.x, size.y, size.z]
  }

  /** Looks at the whole model from a standard direction (or the current one for "fit"). */
  view(which: StandardView | 'fit') {
    if (!this.model) return
    const box = new THREE.Box3().setFromObject(this.model)
    const sphere = box.getBoundingSphere(new THREE.Sphere())
    const radius = Math.max(sphere.radius, 1e-6)
    const direction = which === 'fit' ? this.camera.position.clone().sub(this.controls.target).normalize() : viewDirections[which].clone()
    const distance = radius / Math.sin(THREE.MathUtils.degToRad(this.camera.fov / 2)) * 1.15
    this.controls.target.copy(sphere.center)
    this.camera.position.copy(sphere.center).addScaledVector(direction, distance)
    if (which === 'top') this.camera.up.set(0, 1, 0)
    else this.camera.up.set(0, 0, 1)
    this.camera.near = distance / 1000
    this.camera.far = distance * 100
    this.camera.updateProjectionMatrix()
    this.controls.update()
    this.requestRender()
  }

  /** Moves the camera towards the point it looks at (factor < 1) or away from it (> 1). */
  zoom(factor: number) {
    const offset = this.camera.position.clone().sub(this.controls.target).multiplyScalar(factor)
    this.camera.position.copy(this.controls.target).add(offset)
    this.controls.update()
    this.requestRender()
  }

  setWireframe(on: boolean) {
    this.model?.traverse((o) => {
      if (o instanceof THREE.Mesh) for (const m of [o.material].flat()) (m as THREE.MeshStandardMaterial).wireframe = on
    })
    this.requestRender()
  }

  /** Draws each mesh's edges, as a child of the mesh so they move, hide and cut with it. */
  setEdges(on: boolean) {
    if (!this.model) return
    if (on && !this.edges) {
      const edges: { mesh: THREE.Mesh; lines: THREE.LineSegments }[] = []
      this.model.traverse((o) => {
        if (o instanceof THREE.Mesh) edges.push({ mesh: o, lines: new THREE.LineSegments(new THREE.EdgesGeometry(o.geometry, 30), new THREE.LineBasicMaterial({ color: this.edgeColor })) })
      })
      this.edges = edges
    }
    for (const { mesh, lines } of this.edges ?? []) {
      if (on) mesh.add(lines)
      else lines.removeFromParent()
    }
    this.requestRender()
  }

  /** Shows or hides the meshes of one part. */
  setVisible(meshes: THREE.Object3D[], visible: boolean) {
    for (const m of meshes) m.visible = visible
    this.requestRender()
  }

  /**
   * A small PNG of the current view, drawn into a small off-screen target and read back (a read of the
   * whole canvas would stall the page while the GPU catches up with a large model). Taken after the
   * first frame is on screen.
   */
  async thumbnail(size = 160): Promise<Blob | null> {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    const target = new THREE.WebGLRenderTarget(size, size, { colorSpace: THREE.SRGBColorSpace })
    const camera = this.camera.clone()
    camera.aspect = 1
    camera.updateProjectionMatrix()
    this.renderer.setRenderTarget(target)
    this.renderer.render(this.scene, camera)
    this.renderer.setRenderTarget(null)
    const pixels = new Uint8Array(size * size * 4)
    this.renderer.readRenderTargetPixels(target, 0, 0, size, size, pixels)
    target.dispose()
    // The view is drawn again from the scene, whatever the off-screen pass left in the canvas's buffer.
    this.renderer.render(this.scene, this.camera)
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const image = new ImageData(size, size)
    // WebGL rows run bottom to top.
    for (let y = 0; y < size; y++) image.data.set(pixels.subarray((size - 1 - y) * size * 4, (size - y) * size * 4), y * size * 4)
    canvas.getContext('2d')!.putImageData(image, 0, 0)
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'))
  }

  dispose() {
    cancelAnimationFrame(this.frame)
    this.resizeObserver.disconnect()
    this.controls.dispose()
    // Edges turned off are out of the scene's graph: they are let go here.
    for (const { lines } of this.edges ?? []) {
      if (lines.parent) continue
      lines.geometry.dispose()
      ;(lines.material as THREE.Material).dispose()
    }
    this.scene.traverse((o) => {
      if (o instanceof THREE.Mesh || o instanceof THREE.LineSegments) {
        o.geometry.dispose()
        for (const m of [o.material].flat()) (m as THREE.Material).dispose()
      }
    })
    this.renderer.dispose()
    this.renderer.domElement.remove()
  }
}
