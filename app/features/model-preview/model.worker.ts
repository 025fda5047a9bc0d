/// <reference lib="webworker" />
import * as THREE from 'three'
import { MTLLoader } from 'three/addons/loaders/MTLLoader.js'
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js'
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js'
import { STLLoader } from 'three/addons/loaders/STLLoader.js'
import type { ModelNode, ParsedMesh, ParsedModel, WorkerAnswer, WorkerParser, WorkerRequest } from './parsed-model'

/**
 * Parses a model off the page's thread: STL, OBJ (with its MTL) and PLY with three.js's loaders,
 * STEP, IGES and BREP with OpenCascade compiled to WebAssembly, IFC with web-ifc (each loaded from
 * the site itself on the first file that needs it). Answers meshes as plain arrays, transferred to the page without a copy.
 */
declare const self: DedicatedWorkerGlobalScope & { occtimportjs?: (options: { locateFile: () => string }) => Promise<Occt> }

interface OcctMesh {
  name: string
  color?: [number, number, number]
  attributes: { position: { array: number[] }; normal?: { array: number[] } }
  index: { array: number[] }
}
interface OcctResult {
  success: boolean
  root: ModelNode
  meshes: OcctMesh[]
}
interface Occt {
  ReadStepFile(content: Uint8Array, params: null): OcctResult
  ReadIgesFile(content: Uint8Array, params: null): OcctResult
  ReadBrepFile(content: Uint8Array, params: null): OcctResult
}

let occt: Promise<Occt> | null = null
let ifc: Promise<import('web-ifc').IfcAPI> | null = null

/**
 * IFC through web-ifc: every product's geometry, placed, grouped by product (named as the model
 * names it). web-ifc answers in metres with Y up; the viewer shows CAD's Z up, in millimetres.
 */
async function parseIfc(data: ArrayBuffer, wasm: string): Promise<ParsedModel> {
  ifc ??= (async () => {
    const { IfcAPI } = await import('web-ifc')
    const api = new IfcAPI()
    await api.Init(() => wasm, true)
    return api
  })()
  const api = await ifc
  const modelID = api.OpenModel(new Uint8Array(data))
  if (modelID < 0) throw new Error('unreadable')
  const meshes: ParsedMesh[] = []
  const children: ModelNode[] = []
  try {
    api.StreamAllMeshes(modelID, (flat) => {
      const line = api.GetLine(modelID, flat.expressID) as { Name?: { value?: string } } | null
      const name = line?.Name?.value || `#${flat.expressID}`
      const own: number[] = []
      for (let i = 0; i < flat.geometries.size(); i++) {
        const placed = flat.geometries.get(i)
        const geometry = api.GetGeometry(modelID, placed.geometryExpressID)
        const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize())
        const index = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize())
        const m = placed.flatTransformation
        const count = vertices.length / 6
        const positions = new Float32Array(count * 3)
        const normals = new Float32Array(count * 3)
        for (let v = 0; v < count; v++) {
          const [x, y, z, nx, ny, nz] = [vertices[v * 6]!, vertices[v * 6 + 1]!, vertices[v * 6 + 2]!, vertices[v * 6 + 3]!, vertices[v * 6 + 4]!, vertices[v * 6 + 5]!]
          const px = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!
          const py = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!
          const pz = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!
          const qx = m[0]! * nx + m[4]! * ny + m[8]! * nz
          const qy = m[1]! * nx + m[5]! * ny + m[9]! * nz
          const qz = m[2]! * nx + m[6]! * ny + m[10]! * nz
          positions.set([px * 1000, -pz * 1000, py * 1000], v * 3)
          normals.set([qx, -qz, qy], v * 3)
        }
        geometry.delete()
        own.push(meshes.length)
        meshes.push({ name, positions, normals, index: new Uint32Array(index), color: [placed.color.x, placed.color.y, placed.color.z], min: [0, 0, 0], max: [0, 0, 0] })
      }
      children.push({ name, meshes: own, children: [] })
    })
  } finally {
    api.CloseModel(modelID)
  }
  if (meshes.length === 0) throw new Error('empty')
  return { meshes, tree: { name: '', meshes: [], children } }
}

function fromGeometry(name: string, geometry: THREE.BufferGeometry, color: [number, number, number] | null): ParsedMesh {
  const position = geometry.getAttribute('position') as THREE.BufferAttribute
  const normal = geometry.getAttribute('normal') as THREE.BufferAttribute | undefined
  return {
    name,
    positions: new Float32Array(position.array),
    normals: normal ? new Float32Array(normal.array) : null,
    index: geometry.index ? new Uint32Array(geometry.index.array) : null,
    color,
    min: [0, 0, 0],
    max: [0, 0, 0],
  }
}

function fromGroup(group: THREE.Object3D): ParsedModel {
  const meshes: ParsedMesh[] = []
  const node = (object: THREE.Object3D): ModelNode => {
    const own: number[] = []
    const children: ModelNode[] = []
    for (const child of object.children) {
      if (child instanceof THREE.Mesh) {
        const material = (Array.isArray(child.material) ? child.material[0] : child.material) as THREE.MeshStandardMaterial | undefined
        const color = material?.color ? ([material.color.r, material.color.g, material.color.b] as [number, number, number]) : null
        own.push(meshes.length)
        meshes.push(fromGeometry(child.name || `Part ${meshes.length + 1}`, child.geometry as THREE.BufferGeometry, color))
      } else children.push(node(child))
    }
    return { name: object.name, meshes: own, children }
  }
  return { meshes, tree: node(group) }
}

function parseStl({ fileName, data }: WorkerRequest): ParsedModel {
  const geometry = new STLLoader().parse(data)
  if (!geometry.getAttribute('position')?.count) throw new Error('empty')
  // An STL is facets: flat shading draws them as they are, and half the data goes to the GPU.
  geometry.deleteAttribute('normal')
  return { meshes: [{ ...fromGeometry(fileName, geometry, null), flat: true }], tree: null }
}

function parsePly({ fileName, data }: WorkerRequest): ParsedModel {
  const geometry = new PLYLoader().parse(data)
  if (!geometry.getAttribute('position')?.count) throw new Error('empty')
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals()
  return { meshes: [fromGeometry(fileName, geometry, null)], tree: null }
}

function parseObj({ data, mtl }: WorkerRequest): ParsedModel {
  const loader = new OBJLoader()
  if (mtl) {
    const materials = new MTLLoader().parse(mtl, '')
    materials.preload()
    loader.setMaterials(materials)
  }
  const group = loader.parse(new TextDecoder().decode(data))
  const model = fromGroup(group)
  if (model.meshes.length === 0) throw new Error('empty')
  return model
}

/** STEP, IGES and BREP through OpenCascade, each with its own reader: a file is read only as the format its type names. */
async function parseWithOcct({ data, occtScript, occtWasm }: WorkerRequest, read: (reader: Occt, bytes: Uint8Array) => OcctResult): Promise<ParsedModel> {
  occt ??= (() => {
    self.importScripts(occtScript)
    return self.occtimportjs!({ locateFile: () => occtWasm })
  })()
  const result = read(await occt, new Uint8Array(data))
  if (!result.success || result.meshes.length === 0) throw new Error('unreadable')
  return {
    meshes: result.meshes.map((m, i) => ({
      name: m.name || `Part ${i + 1}`,
      positions: new Float32Array(m.attributes.position.array),
      normals: m.attributes.normal ? new Float32Array(m.attributes.normal.array) : null,
      index: new Uint32Array(m.index.array),
      color: m.color ?? null,
      min: [0, 0, 0] as [number, number, number],
      max: [0, 0, 0] as [number, number, number],
    })),
    tree: result.root,
  }
}

/** The worker's parsers, one per parser id of the file-type registry that runs here. */
const parsers = {
  'web-ifc': (request) => parseIfc(request.data, request.ifcWasm),
  'three-stl': parseStl,
  'three-ply': parsePly,
  'three-obj': parseObj,
  'occt-step': (request) => parseWithOcct(request, (reader, bytes) => reader.ReadStepFile(bytes, null)),
  'occt-iges': (request) => parseWithOcct(request, (reader, bytes) => reader.ReadIgesFile(bytes, null)),
  'occt-brep': (request) => parseWithOcct(request, (reader, bytes) => reader.ReadBrepFile(bytes, null)),
} satisfies Record<WorkerParser, (request: WorkerRequest) => ParsedModel | Promise<ParsedModel>>

async function parse(request: WorkerRequest): Promise<ParsedModel> {
  if (!Object.hasOwn(parsers, request.parser)) throw new Error('no parser')
  return parsers[request.parser](request)
}

/** Each mesh's bounding box, one pass over its positions here rather than on the page. */
function withBounds(model: ParsedModel): ParsedModel {
  for (const mesh of model.meshes) {
    const min: [number, number, number] = [Infinity, Infinity, Infinity]
    const max: [number, number, number] = [-Infinity, -Infinity, -Infinity]
    const p = mesh.positions
    for (let i = 0; i < p.length; i += 3) {
      for (let j = 0; j < 3; j++) {
        const v = p[i + j]!
        if (v < min[j]!) min[j] = v
        if (v > max[j]!) max[j] = v
      }
    }
    mesh.min = min
    mesh.max = max
  }
  return model
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id } = event.data
  try {
    const model = withBounds(await parse(event.data))
    const transfer = model.meshes.flatMap((m) => [m.positions.buffer, ...(m.normals ? [m.normals.buffer] : []), ...(m.index ? [m.index.buffer] : [])])
    self.postMessage({ id, ok: true, model } satisfies WorkerAnswer, transfer as Transferable[])
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer)
  }
}
