import * as THREE from 'three'
import { OrbitControls } from 'three/addons/controls/OrbitControls.js'
import { FrameDrawing } from './frame-drawing'
import { nextTask } from './next-task'

export type StandardView = 'front' | 'top' | 'side' | 'iso'

/**
 * Pieces of an arriving model added in one frame, each drawn in a slice of its own (its buffers sent
 * to the GPU with it): pieces that piled up (a fast download) drawn all at once held the page.
 */
const PIECES_PER_FRAME = 4

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
 * something changed, each frame into an off-screen target then copied onto the canvas (a large
 * model in slices; one arriving piece by piece, each piece over the last frame). Colours come from
 * the active theme.
 */
export class ModelScene {
  /** The canvas the model is drawn on, in the page from the start; its WebGL context is made with the model's first frame. */
  readonly canvas = document.createElement('canvas')
  private made: FrameDrawing | null = null
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1e7)
  readonly scene = new THREE.Scene()
  readonly controls: OrbitControls
  private model: THREE.Object3D | null = null
  private edges: { mesh: THREE.Mesh; lines: THREE.LineSegments }[] | null = null
  private resizeObserver: ResizeObserver
  private frame = 0
  /** Waiting for the next frame to be drawn and finished by the GPU. */
  private drawnWaiters: (() => void)[] = []
  /** Waiting for every frame asked for, and every piece arrived, to be drawn. */
  private idleWaiters: (() => void)[] = []
  /** Called before each frame, once the scene's matrices are up to date (the viewer's tools follow the model with them). */
  readonly beforeRender = new Set<() => void>()

  constructor(private container: HTMLElement, colors: { background: string; edges: string }) {
    this.canvas.tabIndex = 0
    this.canvas.setAttribute('aria-label', 'Model view: drag or Shift and the arrow keys to orbit, right-drag or the arrow keys to pan, the wheel, a pinch or + and - to zoom')
    this.canvas.setAttribute('role', 'img')
    this.canvas.style.display = 'block'
    container.appendChild(this.canvas)
    this.background = new THREE.Color(colors.background)
    this.camera.up.set(0, 0, 1)
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x555566, 2.2))
    const sun = new THREE.DirectionalLight(0xffffff, 1.6)
    this.camera.add(sun)
    sun.position.set(1, 2, 3)
    this.scene.add(this.camera)
    this.controls = new OrbitControls(this.camera, this.canvas)
    // Arrow keys pan (with Shift, Ctrl or Cmd they orbit); + and - zoom.
    this.controls.listenToKeyEvents(this.canvas)
    this.canvas.addEventListener('keydown', (event) => {
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
  private background: THREE.Color

  /**
   * The renderer and the way frames reach the canvas, made on first use with the canvas's context
   * (the model's first frame, or its shaders compiled before it): a context and its drawing buffer
   * are made once the model is known, not while the dialog opens.
   */
  private get drawing(): FrameDrawing {
    return this.made ?? this.makeDrawing()
  }

  private makeDrawing(): FrameDrawing {
    this.made = new FrameDrawing(this.canvas, this.background, this.cssSize)
    return this.made
  }

  /** The WebGL renderer (the tools turn on its clipping planes). */
  get renderer(): THREE.WebGLRenderer {
    return this.drawing.renderer
  }

  /** The canvas's size in CSS pixels, once laid out. */
  private cssSize: THREE.Vector2 | null = null

  /** Asks for a frame of the whole scene. */
  requestRender() {
    this.wholeFrame = true
    this.schedule()
  }

  /**
   * Adds a piece of a model drawn as it arrives, at the next frame, drawn over the last frame when
   * nothing else changed meanwhile: each piece is drawn once, not the whole model again with it. The
   * model's first frame draws the pieces it was shown with only (the sooner on screen); those that
   * came meanwhile follow in the next frames, four a frame.
   */
  addArrived(mesh: THREE.Mesh) {
    this.arrivals.push(mesh)
    if (this.accumulating) this.schedule()
  }

  private schedule() {
    this.canvas.dataset.drawing = 'true'
    // A frame drawn in slices is finished first; the one asked for meanwhile follows it.
    if (this.slicing) this.again = true
    if (this.frame || this.slicing) return
    this.frame = requestAnimationFrame(() => this.drawFrame())
  }

  private drawFrame() {
    this.frame = 0
    // The view's size as laid out now (a panel shown beside it with the model, say), not as the resize
    // observer last told it: a frame drawn at the old size would be drawn again at once.
    this.fitContainer()
    const whole = this.wholeFrame || !this.accumulating
    this.wholeFrame = false
    const added = whole || !this.model ? [] : this.arrivals.splice(0, PIECES_PER_FRAME)
    for (const mesh of added) this.model!.add(mesh)
    const waiters = this.drawnWaiters.splice(0)
    const done = () => waiters.forEach((w) => w())
    // Nothing to draw before the model (the context is made with its first frame).
    if ((!whole && added.length === 0) || !this.model) {
      this.settled()
      return done()
    }
    this.scene.updateMatrixWorld()
    for (const hook of this.beforeRender) hook()
    const slices = this.drawing.slicesFor(this.scene, whole ? null : new Set(added))
    // Every frame is drawn off screen, then shown: while a model arrives the target keeps the last frame
    // (its depth too) for the next piece to be drawn over. With a GPU a frame drawn in one go is drawn
    // and shown in this frame, but for a model's first, whose drawing (its buffers sent, its shaders
    // first run) is waited for before it is shown. In software rendering every frame is waited for
    // before it is shown: the compositor's read back would wait for its drawing on the page's thread
    // (50 to 100 ms for a frame of a 100-part assembly).
    const first = this.firstFrame
    this.firstFrame = false
    if (slices.count <= 1 && !this.accumulating && !first && !this.drawing.software) {
      this.drawing.drawAtOnce(this.scene, this.camera)
      this.settled()
      if (waiters.length) void this.drawing.finished().then(done)
      return
    }
    this.slicing = true
    void this.drawing.drawInSlices(this.scene, this.camera, slices.meshes, Math.max(1, slices.count), whole, slices.meshesPerSlice).then((drawn) => {
      if (!drawn) return void (this.slicing = false)
      done()
      this.doneDrawing()
    })
  }

  /**
   * The GPU is free again (a frame drawn in slices, or the list's picture): the frame asked for
   * meanwhile, or the pieces that came, follow; with nothing left to draw, those waiting are told.
   */
  private doneDrawing() {
    this.slicing = false
    if (this.again || (this.accumulating && this.arrivals.length)) {
      this.again = false
      this.schedule()
    } else {
      this.settled()
      this.drawnWaiters.splice(0).forEach((w) => w())
    }
  }

  /**
   * With no frame asked for or being drawn, the canvas shows everything asked of the view so far:
   * its `data-drawing` attribute is there only while a frame is on its way.
   */
  private settled() {
    if (this.frame || this.slicing) return
    delete this.canvas.dataset.drawing
    if (!this.accumulating || !this.arrivals.length) this.idleWaiters.splice(0).forEach((w) => w())
  }

  /** The next frame is the model's first. */
  private firstFrame = false
  /** A frame of the whole scene is due (not only pieces added to it). */
  private wholeFrame = false
  /** Pieces of an arriving model not yet in its group: each frame while it arrives adds those that came. */
  private arrivals: THREE.Mesh[] = []
  /** The model is arriving: frames are kept off screen, each piece drawn over the last. */
  private accumulating = false
  private slicing = false
  private again = false

  /** Resolves once the next frame (with everything in the scene now) is drawn and finished. */
  drawn(): Promise<void> {
    const done = new Promise<void>((resolve) => this.drawnWaiters.push(resolve))
    this.requestRender()
    return done
  }

  /**
   * Compiles the shaders a model needs before it is shown, in the background where the browser can
   * (KHR_parallel_shader_compile): compiling them during the first frame would hold the page.
   */
  async prepare(model: THREE.Object3D): Promise<void> {
    if (!this.made) {
      // The context, three.js's renderer around it and the shaders each made in a task of their own.
      await nextTask()
      FrameDrawing.makeContext(this.canvas)
      await nextTask()
      this.makeDrawing()
      await nextTask()
    }
    await this.drawing.compile(model, this.scene, this.camera)
  }

  private resize() {
    if (this.fitContainer()) this.requestRender()
  }

  /** Sizes the canvas and the camera to the container's size, when that changed; answers whether it did. */
  private fitContainer(): boolean {
    // A view not laid out yet (its dialog opening) is sized when it is, by the observer.
    const width = this.container.clientWidth
    const height = this.container.clientHeight
    if (!width || !height) return false
    // Setting a canvas's size, even to the size it has, makes its drawing buffer anew (and the next
    // frame its off-screen target, a long task in software rendering): only a real change does.
    const size = this.cssSize ?? new THREE.Vector2(300, 150)
    if (size.x === width && size.y === height) return false
    performance.mark(`preview:resize ${size.x}x${size.y} to ${width}x${height}`)
    this.cssSize = new THREE.Vector2(width, height)
    // Before the context is made the canvas is sized by CSS alone; its drawing buffer is made at this size.
    if (this.made) this.made.renderer.setSize(width, height)
    else Object.assign(this.canvas.style, { width: `${width}px`, height: `${height}px` })
    this.camera.aspect = width / height
    this.camera.updateProjectionMatrix()
    return true
  }

  /**
   * Shows a model, looking at it from the standard isometric view. `box`: the whole model's box when
   * only a part of it has arrived (the view frames the whole from the start, until `arrived`).
   */
  setModel(model: THREE.Object3D, box?: THREE.Box3) {
    if (this.model) this.scene.remove(this.model)
    this.model = model
    this.wholeBox = box ?? null
    this.accumulating = box !== undefined
    this.firstFrame = true
    this.scene.add(model)
    this.edges = null
    this.view('iso')
  }

  /** The whole model's box while it arrives; null once all of it is in the scene. */
  private wholeBox: THREE.Box3 | null = null

  /** The whole model has arrived: its box is measured from its meshes from now on. */
  arrived() {
    this.wholeBox = null
    this.accumulating = false
    // Pieces not drawn yet (none after `idle`) join the model and its next frame at once.
    if (this.arrivals.length) {
      for (const mesh of this.arrivals.splice(0)) this.model?.add(mesh)
      this.requestRender()
    }
  }

  /**
   * Resolves once the frames asked for so far are drawn (at once when none is), and every piece
   * arrived with them: the frames that add them, a few a frame, follow one another until none is left.
   */
  idle(): Promise<void> {
    if (!this.frame && !this.slicing && !this.arrivals.length) return Promise.resolve()
    const idle = new Promise<void>((resolve) => this.idleWaiters.push(resolve))
    if (!this.frame && !this.slicing) this.schedule()
    return idle
  }

  private modelBox(): THREE.Box3 {
    return this.wholeBox?.clone() ?? new THREE.Box3().setFromObject(this.model ?? new THREE.Object3D())
  }

  /** The model shown, or null before one is read. */
  get root(): THREE.Object3D | null {
    return this.model
  }

  /** The model's axis-aligned bounding box size, in the model's own units. */
  size(): [number, number, number] {
    const size = this.modelBox().getSize(new THREE.Vector3())
    return [size.x, size.y, size.z]
  }

  /** Looks at the whole model from a standard direction (or the current one for "fit"). */
  view(which: StandardView | 'fit') {
    if (!this.model) return
    const sphere = this.modelBox().getBoundingSphere(new THREE.Sphere())
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
   * A small PNG of the current view, drawn into a small off-screen target and read back when the GPU
   * has drawn it (a read of the whole canvas, or any read that waits, would stall the page while the
   * GPU catches up with a large model). Taken after the first frame is on screen.
   */
  async thumbnail(size = 160): Promise<Blob | null> {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    // Drawn between frames, which wait meanwhile: a frame shown while the picture is still being drawn
    // would have the compositor's read back wait for the picture too.
    while (this.frame || this.slicing) await this.idle()
    this.slicing = true
    let pixels: Uint8Array
    try {
      const camera = this.camera.clone()
      camera.aspect = 1
      camera.updateProjectionMatrix()
      pixels = await this.drawing.picture(this.scene, camera, size)
    } finally {
      this.doneDrawing()
    }
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
    for (const mesh of this.arrivals.splice(0)) mesh.geometry.dispose()
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
    this.made?.dispose()
    this.canvas.remove()
  }
}
