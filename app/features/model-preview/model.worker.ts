/// <reference lib="webworker" />
import * as THREE from 'three'
import { MTLLoader } from 'three/addons/loaders/MTLLoader.js'
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js'
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js'
import { STLLoader } from 'three/addons/loaders/STLLoader.js'
import { extensionOf } from '../../../lib/accepted-file-types'
import type { ModelNode, ParsedMesh, ParsedModel, WorkerAnswer, WorkerRequest } from './parsed-model'

/**
 * Parses a model off the page's thread: STL, OBJ (with its MTL) and PLY with three.js's loaders,
 * STEP, IGES and BREP with OpenCascade compiled to WebAssembly (loaded from the site itself on the
 * first CAD file). Answers meshes as plain arrays, transferred to the page without a copy.
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

async function parse({ fileName, data, mtl, occtScript, occtWasm }: WorkerRequest): Promise<ParsedModel> {
  const ext = extensionOf(fileName)
  if (ext === 'stl') {
    const geometry = new STLLoader().parse(data)
    if (!geometry.getAttribute('position')?.count) throw new Error('empty')
    return { meshes: [fromGeometry(fileName, geometry, null)], tree: null }
  }
  if (ext === 'ply') {
    const geometry = new PLYLoader().parse(data)
    if (!geometry.getAttribute('position')?.count) throw new Error('empty')
    if (!geometry.getAttribute('normal')) geometry.computeVertexNormals()
    return { meshes: [fromGeometry(fileName, geometry, null)], tree: null }
  }
  if (ext === 'obj') {
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
  occt ??= (() => {
    self.importScripts(occtScript)
    return self.occtimportjs!({ locateFile: () => occtWasm })
  })()
  const reader = await occt
  const bytes = new Uint8Array(data)
  const result = ext === 'brep' ? reader.ReadBrepFile(bytes, null) : ext === 'iges' || ext === 'igs' ? reader.ReadIgesFile(bytes, null) : reader.ReadStepFile(bytes, null)
  if (!result.success || result.meshes.length === 0) throw new Error('unreadable')
  return {
    meshes: result.meshes.map((m, i) => ({
      name: m.name || `Part ${i + 1}`,
      positions: new Float32Array(m.attributes.position.array),
      normals: m.attributes.normal ? new Float32Array(m.attributes.normal.array) : null,
      index: new Uint32Array(m.index.array),
      color: m.color ?? null,
    })),
    tree: result.root,
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id } = event.data
  try {
    const model = await parse(event.data)
    const transfer = model.meshes.flatMap((m) => [m.positions.buffer, ...(m.normals ? [m.normals.buffer] : []), ...(m.index ? [m.index.buffer] : [])])
    self.postMessage({ id, ok: true, model } satisfies WorkerAnswer, transfer as Transferable[])
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer)
  }
}
