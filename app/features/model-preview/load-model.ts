import * as THREE from 'three'
import { viewerParserOf, type ViewerParser } from '../../../lib/file-types'
import { NO_PREVIEW_MESSAGE } from '../../../lib/preview-formats'
import { gltfReferences, modelReferencesOf, readGltf } from '../../../lib/model-references'
import occtScript from 'occt-import-js/dist/occt-import-js.js?url'
import occtWasm from 'occt-import-js/dist/occt-import-js.wasm?url'
import ifcWasm from 'web-ifc/web-ifc.wasm?url'
import type { ModelBox } from '../../../lib/model-box'
import { CORRUPT_MESSAGE, PreviewError, whileDownloading } from './fetch-file'
import { objMaterials } from './obj-materials'
import { isWorkerParser, type ModelNode, type ParsedMesh, type ParsedModel, type WorkerAnswer, type WorkerParser, type WorkerRequest } from './parsed-model'
import type { ReferenceReader } from './reference-reader'
import { readResults, type LoadedResults } from './results/read-results'
import { markAsPiece } from './scene-parts'
import { selfContainedGlb } from './self-contained-gltf'
import { takeDownload, type WorkerDownload } from './worker-download'

export interface LoadedModel {
  object: THREE.Group
  /** The meshes, in the order the tree's indices name them. */
  meshes: THREE.Mesh[]
  tree: ModelNode | null
  /**
   * Whether the preview read nothing but the file itself (data: URIs included): the file names no
   * other file, and the viewer followed or refused none. Only such a preview becomes a thumbnail.
   */
  selfContained: boolean
  /** A simulation result's fields and steps, for the results panel. */
  results?: LoadedResults
  /** The boundary representation's radii, in millimetres, ascending (a STEP file's), for the measure tool. */
  brepRadii?: Float64Array
  /**
   * A model drawn as it arrives (a large binary STL whose download says its box): the whole model's
   * box, known from its first bytes, and the rest of it, its meshes added to `meshes` as they are read.
   */
  arriving?: { box: THREE.Box3; rest: Promise<void> }
}

export interface LoadProgress {
  /** "arriving": the model is shown while the rest of it arrives. */
  phase: 'downloading' | 'reading' | 'arriving'
  /** 0..1 while downloading; null when unknown. */
  fraction: number | null
}

let worker: Worker | null = null
let ifcWorker: Worker | null = null
let nextId = 1

/** IFC in a worker of its own, whose code is web-ifc's; every other format in the model worker. Started on first use. */
function workerFor(parser: WorkerParser): Worker {
  return parser === 'web-ifc' ? (ifcWorker ??= new Worker(new URL('./ifc.worker.ts', import.meta.url))) : (worker ??= new Worker(new URL('./model.worker.ts', import.meta.url)))
}

function parseInWorker(request: Omit<WorkerRequest, 'id' | 'occtScript' | 'occtWasm' | 'ifcWasm'>, signal: AbortSignal): Promise<ParsedModel> {
  const w = workerFor(request.parser)
  const id = nextId++
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent<WorkerAnswer>) => {
      if (event.data.id !== id) return
      w.removeEventListener('message', onMessage)
      if (event.data.ok) resolve(event.data.model)
      else reject(new PreviewError(CORRUPT_MESSAGE))
    }
    w.addEventListener('message', onMessage)
    w.addEventListener('error', () => reject(new PreviewError(CORRUPT_MESSAGE)), { once: true })
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true })
    // A WebAssembly module needs an absolute address inside the worker.
    const absolute = (u: string) => new URL(u, location.href).href
    w.postMessage({ ...request, id, occtScript: absolute(occtScript), occtWasm: absolute(occtWasm), ifcWasm: absolute(ifcWasm) } satisfies WorkerRequest, [request.data])
  })
}

const defaultColor = new THREE.Color(0.62, 0.68, 0.75)

function materialOf(m: ParsedMesh): THREE.MeshStandardMaterial {
  return new THREE.MeshStandardMaterial({ color: m.color ? new THREE.Color(...m.color) : defaultColor, metalness: 0.1, roughness: 0.6, flatShading: m.flat === true, side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 })
}

function meshOf(m: ParsedMesh, material: THREE.Material): THREE.Mesh {
  const geometry = new THREE.BufferGeometry()
  geometry.setAttribute('position', new THREE.BufferAttribute(m.positions, 3))
  if (m.index) geometry.setIndex(new THREE.BufferAttribute(m.index, 1))
  if (m.normals) geometry.setAttribute('normal', new THREE.BufferAttribute(m.normals, 3))
  else if (!m.flat) geometry.computeVertexNormals()
  // The worker measured the box; the sphere around it is enough for culling and fitting the view.
  geometry.boundingBox = new THREE.Box3(new THREE.Vector3(...m.min), new THREE.Vector3(...m.max))
  geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new THREE.Sphere())
  const mesh = new THREE.Mesh(geometry, material)
  mesh.name = m.name
  return mesh
}

function toThree(model: ParsedModel): Omit<LoadedModel, 'selfContained'> {
  const object = new THREE.Group()
  const meshes = model.meshes.map((m) => object.add(meshOf(m, materialOf(m))).children.at(-1) as THREE.Mesh)
  return { object, meshes, tree: model.tree, ...(model.brepRadii ? { brepRadii: model.brepRadii } : {}) }
}

/**
 * A large binary STL read and drawn as it arrives: its body cut into pieces by the download worker,
 * each read in the model worker into a mesh of its own (one material for all), the first one answered as soon as it is read
 * in `object`. Each later piece is handed to `onArrived` to add (the view adds it at its next frame),
 * or without one added to `object` as it is read. The pieces are marked as one mesh, named as the file.
 */
async function loadArrivingStl(download: WorkerDownload, box: ModelBox, fileName: string, onProgress: (p: LoadProgress) => void, onArrived: ((mesh: THREE.Mesh) => void) | undefined, signal: AbortSignal): Promise<LoadedModel> {
  const object = new THREE.Group()
  const meshes: THREE.Mesh[] = []
  let material: THREE.Material | null = null
  let shown = false
  let firstPiece: { resolve: () => void; reject: (error: unknown) => void } | null = null
  const first = new Promise<void>((resolve, reject) => (firstPiece = { resolve, reject }))
  const read: Promise<void>[] = []
  const cut = whileDownloading(signal, () =>
    download.pieces(
      (fraction) => onProgress({ phase: shown ? 'arriving' : 'downloading', fraction }),
      (piece) => {
        const parsed = parseInWorker({ fileName, parser: 'three-stl', data: piece, mtl: null }, signal)
        const previous = read.at(-1) ?? Promise.resolve()
        // Added in the file's order, whichever the worker answers first.
        const added = Promise.all([parsed, previous]).then(([model]) => {
          const m = model.meshes[0]!
          material ??= materialOf(m)
          const mesh = meshOf(m, material)
          markAsPiece(mesh, fileName)
          meshes.push(mesh)
          if (shown && onArrived) onArrived(mesh)
          else object.add(mesh)
          if (!shown) firstPiece?.resolve()
          shown = true
        })
        // A piece that cannot be read ends the preview at once (its reason is `rest`'s, or the first piece's).
        added.catch((error: unknown) => firstPiece?.reject(error))
        read.push(added)
      },
    ),
  )
  const rest = cut.then(() => Promise.all(read)).then(() => undefined)
  // Whoever takes the rest up hears of its failure; until then (or when the preview was closed) it is not an unhandled one.
  rest.catch(() => undefined)
  await Promise.race([first, rest])
  if (meshes.length === 0) throw new PreviewError(CORRUPT_MESSAGE)
  performance.mark('preview:first piece')
  const whole = new THREE.Box3(new THREE.Vector3(...box.min), new THREE.Vector3(...box.max))
  return { object, meshes, tree: null, selfContained: true, arriving: { box: whole, rest } }
}

/** Every mesh of a three.js scene graph, with a tree of the named nodes. */
function fromScene(scene: THREE.Object3D): Omit<LoadedModel, 'selfContained'> {
  const meshes: THREE.Mesh[] = []
  const node = (object: THREE.Object3D): ModelNode => {
    const own: number[] = []
    const children: ModelNode[] = []
    for (const child of object.children) {
      if (child instanceof THREE.Mesh) {
        own.push(meshes.length)
        meshes.push(child)
      }
      if (child.children.length) children.push(node(child))
    }
    return { name: object.name, meshes: own, children }
  }
  const tree = node(scene)
  const object = new THREE.Group()
  object.add(scene)
  return { object, meshes, tree }
}

/**
 * A loading manager that lets a three.js loader open only the blob: URLs it makes itself of bytes it
 * already holds (a GLB's or 3MF's embedded textures): every other address throws before any request.
 */
function ownBytesOnly(): THREE.LoadingManager {
  const manager = new THREE.LoadingManager()
  manager.setURLModifier((url) => {
    if (url.startsWith(`blob:${location.origin}/`)) return url
    throw new PreviewError(CORRUPT_MESSAGE)
  })
  return manager
}

type ModelParser = Exclude<ViewerParser, 'dxf'>
type Reader = (data: ArrayBuffer, fileName: string, references: ReferenceReader, signal: AbortSignal) => Promise<{ model: Omit<LoadedModel, 'selfContained'>; named: string[] | null }>

const inWorker =
  (parser: WorkerParser): Reader =>
  async (data, fileName, references, signal) => {
    const named = modelReferencesOf(fileName, new Uint8Array(data))
    const mtl = parser === 'three-obj' ? await objMaterials(data, references) : null
    return { model: toThree(await parseInWorker({ fileName, parser, data, mtl }, signal)), named }
  }

const readGltfModel =
  (binary: boolean): Reader =>
  async (data, _fileName, references) => {
    const gltf = readGltf(new Uint8Array(data), binary)
    if (!gltf) throw new PreviewError(CORRUPT_MESSAGE)
    const named = gltfReferences(gltf)
    const glb = await selfContainedGlb(gltf, references)
    const { GLTFLoader } = await import('three/addons/loaders/GLTFLoader.js')
    const loader = new GLTFLoader(ownBytesOnly())
    // Images load through an <img> (img-src allows the loader's blob: URLs), not fetch(), which the
    // Content-Security-Policy's connect-src 'self' would refuse for a blob: URL.
    loader.register((parser) => {
      parser.textureLoader = new THREE.TextureLoader(parser.options.manager)
      return { name: 'meshwork_textures_as_images' }
    })
    return { model: fromScene((await loader.parseAsync(glb, '')).scene), named }
  }

const read3mf: Reader = async (data) => {
  const { ThreeMFLoader } = await import('three/addons/loaders/3MFLoader.js')
  return { model: fromScene(new ThreeMFLoader(ownBytesOnly()).parse(data)), named: [] }
}

/**
 * The viewer's model readers, one per parser id of the file-type registry: glTF and 3MF, whose
 * loaders need the page's DOM (images, XML), on the page; simulation results in a worker of their
 * own that keeps their fields; the rest in the model worker.
 */
const readers = {
  'three-gltf': readGltfModel(false),
  'three-glb': readGltfModel(true),
  'three-3mf': read3mf,
  'three-stl': inWorker('three-stl'),
  'three-obj': inWorker('three-obj'),
  'three-ply': inWorker('three-ply'),
  'occt-step': inWorker('occt-step'),
  'occt-iges': inWorker('occt-iges'),
  'occt-brep': inWorker('occt-brep'),
  'web-ifc': inWorker('web-ifc'),
  'vtk-result': readResults(false),
  'vtk-series': readResults(true),
} satisfies Record<ModelParser, Reader>

/**
 * Downloads (in the download worker) and reads a model with the parser its type names in the file-type
 * registry; a file with no model parser there is not previewable (never read as another format).
 * Files the model names (a glTF's buffers and images, an OBJ's MTL) are read only through `references`.
 * A large binary STL whose download says its box is answered once its first piece is read, and drawn
 * as the rest arrives (`arriving`; each later piece is handed to `onArrived` to add to the model).
 */
export async function loadModel(url: string, fileName: string, references: ReferenceReader, onProgress: (p: LoadProgress) => void, signal: AbortSignal, onArrived?: (mesh: THREE.Mesh) => void): Promise<LoadedModel> {
  const parser = viewerParserOf(fileName)
  if (!parser || parser === 'dxf') throw new PreviewError(NO_PREVIEW_MESSAGE)
  onProgress({ phase: 'downloading', fraction: 0 })
  // The worker starts while the file downloads, ready when its bytes are.
  if (isWorkerParser(parser)) workerFor(parser)
  const download = takeDownload(url, fileName, signal)
  const box = await whileDownloading(signal, () => download.opened())
  if (box) return loadArrivingStl(download, box, fileName, onProgress, onArrived, signal)
  const data = await whileDownloading(signal, () => download.whole((fraction) => onProgress({ phase: 'downloading', fraction })))
  performance.mark('preview:downloaded')
  onProgress({ phase: 'reading', fraction: null })
  try {
    const { model, named } = await readers[parser](data, fileName, references, signal)
    performance.mark('preview:read')
    if (model.meshes.length === 0) throw new PreviewError(CORRUPT_MESSAGE)
    const selfContained = named !== null && named.length === 0 && references.followed.length === 0 && references.refused.length === 0
    return { ...model, selfContained }
  } catch (error) {
    if (error instanceof PreviewError || (error instanceof DOMException && error.name === 'AbortError')) throw error
    throw new PreviewError(CORRUPT_MESSAGE)
  }
}
