import * as THREE from 'three'
import { OrbitControls } from 'three/addons/controls/OrbitControls.js'

export type StandardView = 'front' | 'top' | 'side' | 'iso'

/** A frame with fewer triangles than this is drawn in one go, whatever the renderer. */
const SLICE_MIN_TRIANGLES = 100_000
/** The longest a slice of a frame may keep the renderer busy, in milliseconds. */
const SLICE_BUDGET_MS = 25
/** Triangles in a slice before the renderer's speed is known (software rendering draws about this many in the budget). */
const SLICE_FIRST_TRIANGLES = 100_000
/** Meshes in a slice of a frame of many small meshes, in software rendering (a hundred draws took 60-90 ms there). */
const MESHES_PER_SLICE = 25
/**
 * Pieces of an arriving model added in one frame: each piece's buffers are sent to the GPU in the
 * frame's first task, and pieces that piled up (a fast download) sent all at once held the page.
 */
const PIECES_PER_FRAME = 2

/**
 * The canvas's WebGL context: frames are drawn off screen and copied to it, so it needs no samples, no
 * depth and no stencil; what was copied stays (a picture of the view can be read at any time).
 */
const CONTEXT_ATTRIBUTES = { antialias: false, depth: false, stencil: false, preserveDrawingBuffer: true } as const

/** Objects whose programs are looked up in one task while a model is prepared. */
const COMPILED_PER_TASK = 20

/** What the viewer uses of a program three.js compiled. */
interface CompiledProgram {
  isReady(): boolean
  getUniforms(): unknown
  getAttributes(): unknown
}

/** Resolves in a task of its own: the page's other work (and the compositor's frame) goes first. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * An off-screen target drawn into as the canvas is: its shaders end in the canvas's sRGB encoding
 * (three.js does so for a target it is told stands for a display, as a WebXR layer does), its pixels
 * kept in plain 8-bit storage. A frame is then copied to the canvas as it is, and the programs
 * compiled for the canvas serve the target too (a target of linear colour would need its own, compiled
 * during its first frame).
 */
function canvasLikeTarget(width: number, height: number, options: THREE.RenderTargetOptions = {}): THREE.WebGLRenderTarget {
  const target = new THREE.WebGLRenderTarget(width, height, { ...options, colorSpace: THREE.SRGBColorSpace })
  target.texture.internalFormat = 'RGBA8'
  ;(target as THREE.WebGLRenderTarget & { isXRRenderTarget: boolean }).isXRRenderTarget = true
  return target
}

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
  private made: THREE.WebGLRenderer | null = null
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1e7)
  readonly scene = new THREE.Scene()
  readonly controls: OrbitControls
  private model: THREE.Object3D | null = null
  private edges: { mesh: THREE.Mesh; lines: THREE.LineSegments }[] | null = null
  private resizeObserver: ResizeObserver
  private frame = 0
  /** Waiting for the next frame to be drawn and finished by the GPU. */
  private drawnWaiters: (() => void)[] = []
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
   * The samples of the off-screen target frames are drawn into: 4 with a GPU (smooth edges, cheap
   * there), none in software rendering, where resolving them (or smoothing the frame any other way)
   * held the page for 50 to 250 ms each time the compositor read the frame back. Known once the
   * context is made.
   */
  private samples = 0
  /** Drawn without a GPU (SwiftShader, llvmpipe): known once the context is made. */
  private software = false

  /**
   * The WebGL renderer, made on first use with the canvas's context (the model's first frame, or its
   * shaders compiled before it): a context and its drawing buffer are made once the model is known,
   * not while the dialog opens.
   */
  get renderer(): THREE.WebGLRenderer {
    return this.made ?? this.makeRenderer()
  }

  private makeRenderer(): THREE.WebGLRenderer {
    const renderer = new THREE.WebGLRenderer({ canvas: this.canvas, ...CONTEXT_ATTRIBUTES })
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2))
    renderer.setClearColor(this.background)
    if (this.cssSize) renderer.setSize(this.cssSize.x, this.cssSize.y)
    const gl = renderer.getContext()
    const info = gl.getExtension('WEBGL_debug_renderer_info')
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER))
    this.software = /swiftshader|llvmpipe|software/i.test(name)
    this.samples = this.software ? 0 : 4
    this.made = renderer
    return renderer
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
   * came meanwhile follow in the next frames, two a frame.
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
    const slices = this.slicesFor(whole ? null : new Set(added))
    // Every frame is drawn off screen, then shown: while a model arrives the target keeps the last frame
    // (its depth too) for the next piece to be drawn over. With a GPU a frame drawn in one go is drawn
    // and shown in this frame, but for a model's first, whose drawing (its buffers sent, its shaders
    // first run) is waited for before it is shown. In software rendering every frame is waited for
    // before it is shown: the compositor's read back would wait for its drawing on the page's thread
    // (50 to 100 ms for a frame of a 100-part assembly).
    const first = this.firstFrame
    this.firstFrame = false
    if (slices.count <= 1 && !this.accumulating && !first && !this.software) {
      const target = this.offScreen()
      this.renderer.setRenderTarget(target)
      this.renderer.render(this.scene, this.camera)
      this.renderer.setRenderTarget(null)
      this.show(target)
      this.settled()
      if (waiters.length) void this.finished().then(done)
      return
    }
    this.slicing = true
    void this.renderInSlices(slices.meshes, Math.max(1, slices.count), whole, slices.byMesh).then((drawn) => {
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
    if (!this.frame && !this.slicing) delete this.canvas.dataset.drawing
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

  /** Triangles the renderer was measured to draw in a millisecond; unknown until a frame is drawn in slices. */
  private trianglesPerMs: number | null = null
  private sliceGeneration = 0
  private sliceTarget: THREE.WebGLRenderTarget | null = null

  /**
   * How many slices a frame of the model is drawn in: one where the renderer draws it within the
   * budget (a GPU, or a small model), more where it would not (a large model drawn in software). A
   * section's stencil caps need each mesh whole in one pass, so a cut model is drawn in one.
   */
  private slicesFor(only: Set<THREE.Mesh> | null): { meshes: THREE.Mesh[]; count: number; byMesh?: boolean } {
    const meshes: THREE.Mesh[] = []
    let triangles = 0
    let stencil = false
    let lines = false
    this.scene.traverseVisible((o) => {
      if (!(o instanceof THREE.Mesh)) {
        if (o.children.length === 0 && !(o instanceof THREE.Light) && !(o instanceof THREE.Camera)) lines = true
        return
      }
      if (only && !only.has(o)) return
      for (const m of [o.material].flat()) if ((m as THREE.Material).stencilWrite) stencil = true
      const geometry = o.geometry as THREE.BufferGeometry
      const count = geometry.index ? geometry.index.count : (geometry.getAttribute('position')?.count ?? 0)
      meshes.push(o)
      triangles += count / 3
    })
    // In software rendering a frame of many meshes is drawn a share of the meshes at a time (its first
    // frame's buffers and uniforms sent a share at a time too); not with lines (edges, markers), drawn
    // with their meshes.
    if (this.software && !stencil && !lines && triangles < SLICE_MIN_TRIANGLES && meshes.length > MESHES_PER_SLICE) return { meshes, count: Math.ceil(meshes.length / MESHES_PER_SLICE), byMesh: true }
    if (stencil || triangles < SLICE_MIN_TRIANGLES) return { meshes, count: 1 }
    const perSlice = Math.max(SLICE_MIN_TRIANGLES, (this.trianglesPerMs ?? SLICE_FIRST_TRIANGLES / SLICE_BUDGET_MS) * SLICE_BUDGET_MS)
    return { meshes, count: Math.ceil(triangles / perSlice) }
  }

  /**
   * Draws a frame in slices into an off-screen target, each slice a share of every mesh's triangles,
   * the next one asked only once the GPU has finished the last; then shows the target on the canvas
   * in one cheap draw. Not `whole`: only `meshes` are drawn, over the target's last frame. Without a
   * GPU, Chromium's compositor reads the canvas back on the page's thread whenever it changes and
   * waits for the GPU's work so far: a large model drawn in one go would hold the page for seconds,
   * drawn this way it holds it for one slice at most, and the first slice is asked only after the
   * frame that shows the last picture has been taken by the compositor (asked in the same frame, the
   * read back would wait for it). Answers whether the frame reached the canvas (not when the view was
   * closed meanwhile).
   */
  private async renderInSlices(meshes: THREE.Mesh[], count: number, whole: boolean, byMesh = false): Promise<boolean> {
    const generation = ++this.sliceGeneration
    await nextTask()
    if (generation !== this.sliceGeneration) return false
    const target = this.offScreen()
    // Whatever is not sliced (lines, labels' helpers) is drawn with the last slice only; when only
    // meshes added are drawn, nothing else is.
    const others: THREE.Object3D[] = []
    const drawing = new Set(meshes)
    this.scene.traverseVisible((o) => {
      if (o instanceof THREE.Light || o instanceof THREE.Camera) return
      if (o instanceof THREE.Mesh ? !whole && !drawing.has(o) : o.children.length === 0) others.push(o)
    })
    for (let k = 0; k < count; k++) {
      if (generation !== this.sliceGeneration) return false
      let triangles = 0
      // By mesh: this slice's share of the meshes, the others hidden while it is drawn.
      const apart = byMesh ? meshes.filter((_, i) => Math.floor(i / MESHES_PER_SLICE) !== k) : []
      for (const mesh of byMesh ? [] : meshes) {
        const geometry = mesh.geometry as THREE.BufferGeometry
        const total = geometry.index ? geometry.index.count : geometry.getAttribute('position').count
        const per = Math.ceil(total / 3 / count) * 3
        geometry.setDrawRange(k * per, per)
        triangles += Math.max(0, Math.min(per, total - k * per)) / 3
      }
      const hide = k < count - 1 || !whole
      for (const mesh of apart) mesh.visible = false
      if (hide) for (const o of others) o.visible = false
      this.renderer.setRenderTarget(target)
      this.renderer.autoClear = k === 0 && whole
      this.renderer.render(this.scene, this.camera)
      this.renderer.autoClear = true
      this.renderer.setRenderTarget(null)
      if (hide) for (const o of others) o.visible = true
      for (const mesh of apart) mesh.visible = true
      for (const mesh of meshes) mesh.geometry.setDrawRange(0, Infinity)
      const started = performance.now()
      await this.finished()
      performance.measure('preview:slice', { start: started })
      // The renderer's speed, as measured on frames large enough to be drawn in slices.
      if (count > 1 && !byMesh) {
        const rate = triangles / Math.max(1, performance.now() - started)
        this.trianglesPerMs = this.trianglesPerMs === null ? rate : (this.trianglesPerMs + rate) / 2
      }
    }
    if (generation !== this.sliceGeneration) return false
    this.show(target)
    await this.finished()
    return true
  }

  /**
   * The off-screen target of the drawing buffer's size that frames are drawn into (made anew when the
   * size changed).
   */
  private offScreen(): THREE.WebGLRenderTarget {
    const size = this.renderer.getDrawingBufferSize(new THREE.Vector2())
    if (!this.sliceTarget || this.sliceTarget.width !== size.x || this.sliceTarget.height !== size.y) {
      this.sliceTarget?.dispose()
      this.sliceTarget = canvasLikeTarget(size.x, size.y, { stencilBuffer: true, samples: this.samples })
    }
    return this.sliceTarget
  }

  /**
   * Shows an off-screen frame on the canvas: its pixels copied as they are (a copy of memory, where
   * drawing them through a shader took 30 to 40 ms in software rendering).
   */
  private show(target: THREE.WebGLRenderTarget) {
    const gl = this.renderer.getContext() as WebGL2RenderingContext
    const framebuffer = (this.renderer.properties.get(target) as { __webglFramebuffer?: WebGLFramebuffer }).__webglFramebuffer
    if (!framebuffer) return
    const state = this.renderer.state
    state.bindFramebuffer(gl.READ_FRAMEBUFFER, framebuffer)
    state.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null)
    gl.blitFramebuffer(0, 0, target.width, target.height, 0, 0, target.width, target.height, gl.COLOR_BUFFER_BIT, gl.NEAREST)
    state.bindFramebuffer(gl.READ_FRAMEBUFFER, null)
  }

  /**
   * Resolves once the GPU has finished what was asked of it so far, checked between tasks rather
   * than waited for: a synchronous wait (a read of pixels, getError) would hold the page's thread
   * while a large model is drawn, which in software rendering takes seconds.
   */
  private finished(): Promise<void> {
    const gl = this.renderer.getContext()
    if (!(gl instanceof WebGL2RenderingContext)) return Promise.resolve()
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0)
    if (!sync) return Promise.resolve()
    gl.flush()
    return new Promise((resolve) => {
      const check = () => {
        const status = gl.clientWaitSync(sync, 0, 0)
        if (status === gl.TIMEOUT_EXPIRED) return void setTimeout(check, 8)
        gl.deleteSync(sync)
        resolve()
      }
      check()
    })
  }

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
      // The context, three.js's renderer around it and the shaders each made in a task of their own
      // (the context and the renderer together held the page for 50 to 70 ms in software rendering).
      // The renderer asks the canvas for its context with the same attributes, and is given this one.
      await nextTask()
      this.canvas.getContext('webgl2', { ...CONTEXT_ATTRIBUTES, alpha: true, premultipliedAlpha: true, powerPreference: 'default', failIfMajorPerformanceCaveat: false })
      await nextTask()
      this.makeRenderer()
      await nextTask()
    }
    // Compiled for the canvas (the off-screen targets frames are drawn into take the same programs), a
    // few objects a task: three.js works out each material's parameters and copies its uniforms, and a
    // 100-part assembly's materials took 50 to 65 ms in one task.
    const drawn: THREE.Object3D[] = []
    model.traverse((o) => {
      if (o instanceof THREE.Mesh || o instanceof THREE.Line || o instanceof THREE.Points) drawn.push(o)
    })
    for (let i = 0; i < drawn.length; i += COMPILED_PER_TASK) {
      for (const o of drawn.slice(i, i + COMPILED_PER_TASK)) this.renderer.compile(o, this.camera, this.scene)
      await nextTask()
    }
    const programs = new Set<CompiledProgram>()
    for (const o of drawn) {
      for (const m of [(o as THREE.Mesh).material].flat()) {
        const program = (this.renderer.properties.get(m as THREE.Material) as { currentProgram?: CompiledProgram }).currentProgram
        if (program) programs.add(program)
      }
    }
    // Linked in the background where the browser can (KHR_parallel_shader_compile): waited for
    // between tasks, as three.js's compileAsync does.
    while ([...programs].some((p) => !p.isReady())) await new Promise((resolve) => setTimeout(resolve, 10))
    // Each program's uniforms and attributes are looked up now, one program a task: the first frame
    // would otherwise look them all up at once, waiting for each answer.
    for (const program of programs) {
      program.getUniforms()
      program.getAttributes()
      await nextTask()
    }
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
    if (this.made) this.made.setSize(width, height)
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
    // Pieces not drawn yet (none after `idle`) join the model and its next frame.
    if (this.arrivals.length) {
      for (const mesh of this.arrivals.splice(0)) this.model?.add(mesh)
      this.requestRender()
    }
  }

  /** Resolves once the frames asked for so far are drawn (at once when none is), every piece arrived with them. */
  idle(): Promise<void> {
    if (!this.frame && !this.slicing && !this.arrivals.length) return Promise.resolve()
    if (!this.frame && !this.slicing) this.schedule()
    return new Promise<void>((resolve) => this.drawnWaiters.push(resolve))
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
    const target = canvasLikeTarget(size, size)
    let pixels: Uint8Array
    try {
      const camera = this.camera.clone()
      camera.aspect = 1
      camera.updateProjectionMatrix()
      this.renderer.setRenderTarget(target)
      this.renderer.render(this.scene, camera)
      this.renderer.setRenderTarget(null)
      await this.finished()
      // Read without waiting on the GPU: its drawing is done.
      pixels = (await this.renderer.readRenderTargetPixelsAsync(target, 0, 0, size, size, new Uint8Array(size * size * 4))) as Uint8Array
    } finally {
      target.dispose()
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
    this.sliceGeneration++
    this.sliceTarget?.dispose()
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
