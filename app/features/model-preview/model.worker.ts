/// <reference lib="webworker" />
import * as THREE from 'three'
import { MTLLoader } from 'three/addons/loaders/MTLLoader.js'
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js'
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js'
import { STLLoader } from 'three/addons/loaders/STLLoader.js'
import { readBinaryStl } from './binary-stl'
import { distinctRadii, readStepRadii } from './measure/step-radii'
import type { ModelNode, ParsedMesh, ParsedModel, WorkerParser, WorkerRequest } from './parsed-model'
import { serveModels } from './serve-models'

/**
 * Parses a model off the page's thread: STL, OBJ (with its MTL) and PLY with three.js's loaders,
 * STEP, IGES and BREP with OpenCascade compiled to WebAssembly (loaded from the site itself on the
 * first file that needs it). OpenCascade answers triangles only: a STEP file's text is also scanned
 * for the radii of its cylindrical faces and circular edges, which the measure tool reports exactly.
 * IFC has a worker of its own: web-ifc's code, megabytes of it, is read only for an IFC file.
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
  // An STL is facets: flat shading draws them as they are, and half the data goes to the GPU.
  const positions = readBinaryStl(data)
  if (positions) return { meshes: [{ name: fileName, positions, normals: null, index: null, color: null, flat: true, min: [0, 0, 0], max: [0, 0, 0] }], tree: null }
  const geometry = new STLLoader().parse(data)
  if (!geometry.getAttribute('position')?.count) throw new Error('empty')
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
  'three-stl': parseStl,
  'three-ply': parsePly,
  'three-obj': parseObj,
  'occt-step': async (request) => {
    const model = await parseWithOcct(request, (reader, bytes) => reader.ReadStepFile(bytes, null))
    return { ...model, brepRadii: distinctRadii(readStepRadii(new Uint8Array(request.data)).radii) }
  },
  'occt-iges': (request) => parseWithOcct(request, (reader, bytes) => reader.ReadIgesFile(bytes, null)),
  'occt-brep': (request) => parseWithOcct(request, (reader, bytes) => reader.ReadBrepFile(bytes, null)),
} satisfies Record<Exclude<WorkerParser, 'web-ifc'>, (request: WorkerRequest) => ParsedModel | Promise<ParsedModel>>

serveModels((request) => {
  if (!Object.hasOwn(parsers, request.parser)) throw new Error('no parser')
  return parsers[request.parser as Exclude<WorkerParser, 'web-ifc'>](request)
})

