import * as THREE from 'three'
import { nextTask } from './next-task'

/**
 * The drawing side of the model view: the WebGL renderer, and how a frame reaches the canvas. Every
 * frame is drawn into an off-screen target, then copied to the canvas. Without a GPU, Chromium's
 * compositor reads the canvas back on the page's thread whenever it changes and waits for the
 * drawing still queued, so there a frame is waited for (a fence checked between tasks) before it is
 * copied, and a large one is drawn in slices, each waited for in turn.
 */

/** A frame with fewer triangles than this is drawn in one go, whatever the renderer. */
const SLICE_MIN_TRIANGLES = 100_000
/** The longest a slice of a frame may keep the renderer busy, in milliseconds. */
const SLICE_BUDGET_MS = 25
/** Triangles in a slice before the renderer's speed is known (software rendering draws about this many in the budget). */
const SLICE_FIRST_TRIANGLES = 100_000
/** Meshes in a slice of a frame of many small meshes, in software rendering (a hundred draws took 60-90 ms there). */
const MESHES_PER_SLICE = 25

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

export class FrameDrawing {
  readonly renderer: THREE.WebGLRenderer
  /** Drawn without a GPU (SwiftShader, llvmpipe). */
  readonly software: boolean
  /**
   * The samples of the off-screen target frames are drawn into: 4 with a GPU (smooth edges, cheap
   * there), none in software rendering, where resolving them (or smoothing the frame any other way)
   * held the page for 50 to 250 ms each time the compositor read the frame back.
   */
  private readonly samples: number
  private target: THREE.WebGLRenderTarget | null = null
  /** Triangles the renderer was measured to draw in a millisecond; unknown until a frame is drawn in slices. */
  private trianglesPerMs: number | null = null
  /** Counts the frames drawn in slices: a frame whose number is no longer the last stops. */
  private generation = 0

  /**
   * Makes the canvas's WebGL context, ahead of the renderer (each in a task of its own: the two
   * together held the page for 50 to 70 ms in software rendering). The renderer asks the canvas for
   * its context with the same attributes, and is given this one.
   */
  static makeContext(canvas: HTMLCanvasElement) {
    canvas.getContext('webgl2', { ...CONTEXT_ATTRIBUTES, alpha: true, premultipliedAlpha: true, powerPreference: 'default', failIfMajorPerformanceCaveat: false })
  }

  /** The renderer on the canvas's context, sized to `cssSize` when the canvas has been laid out. */
  constructor(canvas: HTMLCanvasElement, background: THREE.Color, cssSize: THREE.Vector2 | null) {
    const renderer = new THREE.WebGLRenderer({ canvas, ...CONTEXT_ATTRIBUTES })
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2))
    renderer.setClearColor(background)
    if (cssSize) renderer.setSize(cssSize.x, cssSize.y)
    const gl = renderer.getContext()
    const info = gl.getExtension('WEBGL_debug_renderer_info')
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER))
    this.software = /swiftshader|llvmpipe|software/i.test(name)
    this.samples = this.software ? 0 : 4
    this.renderer = renderer
  }

  /**
   * How many slices a frame of the model is drawn in: one where the renderer draws it within the
   * budget (a GPU, or a small model), more where it would not (a large model drawn in software). A
   * section's stencil caps need each mesh whole in one pass, so a cut model is drawn in one. Pieces
   * of an arriving model (`only`) are drawn a piece a slice: a mesh's first drawing sends its buffers
   * to the GPU, in that slice's task. `meshesPerSlice`: the slices share the meshes out, so many a
   * slice, rather than each mesh's triangles.
   */
  slicesFor(scene: THREE.Scene, only: Set<THREE.Mesh> | null): { meshes: THREE.Mesh[]; count: number; meshesPerSlice?: number } {
    const meshes: THREE.Mesh[] = []
    let triangles = 0
    let stencil = false
    let lines = false
    scene.traverseVisible((o) => {
      if (!(o instanceof THREE.Mesh)) {
        // Lines and points (edges, markers) are drawn with the last slice; an empty group (a tool's, with
        // nothing in it yet) draws nothing.
        if (o instanceof THREE.Line || o instanceof THREE.Points || o instanceof THREE.Sprite) lines = true
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
    if (this.software && !stencil && !lines && triangles < SLICE_MIN_TRIANGLES && meshes.length > MESHES_PER_SLICE) return { meshes, count: Math.ceil(meshes.length / MESHES_PER_SLICE), meshesPerSlice: MESHES_PER_SLICE }
    if (only && !stencil && !lines && meshes.length > 1) return { meshes, count: meshes.length, meshesPerSlice: 1 }
    if (stencil || triangles < SLICE_MIN_TRIANGLES) return { meshes, count: 1 }
    const perSlice = Math.max(SLICE_MIN_TRIANGLES, (this.trianglesPerMs ?? SLICE_FIRST_TRIANGLES / SLICE_BUDGET_MS) * SLICE_BUDGET_MS)
    return { meshes, count: Math.ceil(triangles / perSlice) }
  }

  /** Draws a frame in one go and shows it, in this task (with a GPU, a frame small enough). */
  drawAtOnce(scene: THREE.Scene, camera: THREE.Camera) {
    const target = this.offScreen()
    this.renderer.setRenderTarget(target)
    this.renderer.render(scene, camera)
    this.renderer.setRenderTarget(null)
    this.show(target)
  }

  /**
   * Draws a frame in slices into an off-screen target, each slice a share of every mesh's triangles,
   * the next one asked only once the GPU has finished the last; then shows the target on the canvas
   * in one cheap draw (`meshesPerSlice`: each slice draws that many of the meshes whole, in turn). Not
   * `whole`: only `meshes` are drawn, over the target's last frame. Without a
   * GPU, Chromium's compositor reads the canvas back on the page's thread whenever it changes and
   * waits for the GPU's work so far: a large model drawn in one go would hold the page for seconds,
   * drawn this way it holds it for one slice at most, and the first slice is asked only after the
   * frame that shows the last picture has been taken by the compositor (asked in the same frame, the
   * read back would wait for it). Answers whether the frame reached the canvas (not when `stop` was
   * called meanwhile).
   */
  async drawInSlices(scene: THREE.Scene, camera: THREE.Camera, meshes: THREE.Mesh[], count: number, whole: boolean, meshesPerSlice?: number): Promise<boolean> {
    const generation = ++this.generation
    await nextTask()
    if (generation !== this.generation) return false
    const target = this.offScreen()
    // Whatever is not sliced (lines, labels' helpers) is drawn with the last slice only; when only
    // meshes added are drawn, nothing else is.
    const others: THREE.Object3D[] = []
    const drawing = new Set(meshes)
    scene.traverseVisible((o) => {
      if (o instanceof THREE.Light || o instanceof THREE.Camera) return
      if (o instanceof THREE.Mesh ? !whole && !drawing.has(o) : o.children.length === 0) others.push(o)
    })
    for (let k = 0; k < count; k++) {
      if (generation !== this.generation) return false
      let triangles = 0
      // By mesh: this slice's share of the meshes, the others hidden while it is drawn.
      const apart = meshesPerSlice ? meshes.filter((_, i) => Math.floor(i / meshesPerSlice) !== k) : []
      for (const mesh of meshesPerSlice ? [] : meshes) {
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
      this.renderer.render(scene, camera)
      this.renderer.autoClear = true
      this.renderer.setRenderTarget(null)
      if (hide) for (const o of others) o.visible = true
      for (const mesh of apart) mesh.visible = true
      for (const mesh of meshes) mesh.geometry.setDrawRange(0, Infinity)
      const started = performance.now()
      await this.finished()
      performance.measure('preview:slice', { start: started })
      // The renderer's speed, as measured on frames large enough to be drawn in slices.
      if (count > 1 && !meshesPerSlice) {
        const rate = triangles / Math.max(1, performance.now() - started)
        this.trianglesPerMs = this.trianglesPerMs === null ? rate : (this.trianglesPerMs + rate) / 2
      }
    }
    if (generation !== this.generation) return false
    this.show(target)
    await this.finished()
    return true
  }

  /** Stops the frame being drawn in slices, if any: it does not reach the canvas. */
  stop() {
    this.generation++
  }

  /**
   * The off-screen target of the drawing buffer's size that frames are drawn into (made anew when the
   * size changed).
   */
  private offScreen(): THREE.WebGLRenderTarget {
    const size = this.renderer.getDrawingBufferSize(new THREE.Vector2())
    if (!this.target || this.target.width !== size.x || this.target.height !== size.y) {
      this.target?.dispose()
      this.target = canvasLikeTarget(size.x, size.y, { stencilBuffer: true, samples: this.samples })
    }
    return this.target
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
  finished(): Promise<void> {
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

  /**
   * Compiles the programs `model` needs, for the canvas (the off-screen targets frames are drawn into
   * take the same programs), a few objects a task: three.js works out each material's parameters and
   * copies its uniforms, and a 100-part assembly's materials took 50 to 65 ms in one task. `scene` is
   * the scene the model will be added to (its lights).
   */
  async compile(model: THREE.Object3D, scene: THREE.Scene, camera: THREE.Camera): Promise<void> {
    const drawn: THREE.Object3D[] = []
    model.traverse((o) => {
      if (o instanceof THREE.Mesh || o instanceof THREE.Line || o instanceof THREE.Points) drawn.push(o)
    })
    for (let i = 0; i < drawn.length; i += COMPILED_PER_TASK) {
      for (const o of drawn.slice(i, i + COMPILED_PER_TASK)) this.renderer.compile(o, camera, scene)
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

  /**
   * The pixels (RGBA, rows bottom to top) of a square picture of `scene` from `camera`, drawn into a
   * small off-screen target and read back once the GPU has drawn it (a read that waits would stall the
   * page while the GPU catches up with a large model).
   */
  async picture(scene: THREE.Scene, camera: THREE.Camera, size: number): Promise<Uint8Array> {
    const target = canvasLikeTarget(size, size)
    try {
      this.renderer.setRenderTarget(target)
      this.renderer.render(scene, camera)
      this.renderer.setRenderTarget(null)
      await this.finished()
      // Read without waiting on the GPU: its drawing is done.
      return (await this.renderer.readRenderTargetPixelsAsync(target, 0, 0, size, size, new Uint8Array(size * size * 4))) as Uint8Array
    } finally {
      target.dispose()
    }
  }

  dispose() {
    this.stop()
    this.target?.dispose()
    this.renderer.dispose()
  }
}
