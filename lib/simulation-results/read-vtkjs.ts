import { gunzipSync, unzipSync } from 'fflate'
import { cellsFromRuns, polyCells, type CellList, type PolyList } from './poly-cells'
import { ResultFormatError, type ResultField, type ResultMesh } from './result-mesh'
import { joinMeshes } from './join-meshes'
import { numbersFromBytes, type NumberArray, type VtkNumberType } from './vtk-arrays'

/**
 * A `.vtkjs` scene as ParaView's "Export Scene" writes it (VTK's JSON scene exporter, zipped): a
 * scene `index.json` naming one dataset folder per actor, each with its own `index.json` (a polydata's
 * points, cell lists and point and cell arrays) and its arrays as raw little- or big-endian bytes
 * under `data/`, plain or gzipped (`<id>.gz`). The actors' polydata become one mesh, each placed where
 * its actor stands (position, rotation and scale about its origin); an array is kept as a field when
 * every actor has it. The archive is checked before it is unpacked: at most VTKJS_MAX_ENTRIES entries
 * and VTKJS_MAX_UNPACKED_BYTES in all, so a small file cannot unpack into more than a browser's worker holds.
 */

export const VTKJS_MAX_ENTRIES = 10_000
export const VTKJS_MAX_UNPACKED_BYTES = 2 * 1024 ** 3

type Json = Record<string, unknown>

interface ArrayRef {
  name?: unknown
  dataType?: unknown
  numberOfComponents?: unknown
  size?: unknown
  ref?: { id?: unknown; basepath?: unknown; encode?: unknown }
}

export function readVtkjs(bytes: Uint8Array): ResultMesh {
  const files = unpack(bytes)
  const sceneIndex = findSceneIndex(files)
  const base = folderOf(sceneIndex.path)
  const items = (sceneIndex.json.scene as unknown[]).filter((item): item is Json => typeof item === 'object' && item !== null)
  const meshes: ResultMesh[] = []
  for (const item of items) {
    const reader = (item[String(item.type)] ?? item.httpDataSetReader ?? item.vtkHttpDataSetReader) as Json | undefined
    if (!reader || typeof reader.url !== 'string') continue
    const folder = joinPath(base, reader.url)
    const dataset = readJson(files, joinPath(folder, 'index.json'))
    if (dataset.vtkClass !== 'vtkPolyData') {
      throw new ResultFormatError(`This scene holds a ${String(dataset.vtkClass ?? 'dataset of another kind')}: export the result's surface (polydata) to open it here`)
    }
    meshes.push(placed(readPolyData(files, folder, dataset), item))
  }
  if (meshes.length === 0) throw new ResultFormatError('This scene holds no dataset this viewer opens')
  return joinMeshes(meshes)
}

function unpack(bytes: Uint8Array): Map<string, Uint8Array> {
  let entries = 0
  let unpacked = 0
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        entries++
        unpacked += file.originalSize
        if (entries > VTKJS_MAX_ENTRIES || unpacked > VTKJS_MAX_UNPACKED_BYTES) throw new ResultFormatError('This scene unpacks into more than a preview can hold')
        return !file.name.endsWith('/')
      },
    })
  } catch (error) {
    if (error instanceof ResultFormatError) throw error
    throw new ResultFormatError('This is not a .vtkjs scene (the zip archive could not be read)')
  }
  return new Map(Object.entries(files).map(([name, data]) => [name.replace(/\\/g, '/'), data]))
}

/** The scene's own index.json: the one nearest the archive's root that lists a scene. */
function findSceneIndex(files: Map<string, Uint8Array>): { path: string; json: Json } {
  const candidates = [...files.keys()].filter((name) => name === 'index.json' || name.endsWith('/index.json')).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))
  for (const path of candidates) {
    const json = readJson(files, path)
    if (Array.isArray(json.scene)) return { path, json }
  }
  throw new ResultFormatError('This is not a .vtkjs scene (no index.json lists a scene)')
}

function readJson(files: Map<string, Uint8Array>, path: string): Json {
  const data = files.get(path)
  if (!data) throw new ResultFormatError(`The scene lacks ${path}`)
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(data))
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json
  } catch {
    // reported below
  }
  throw new ResultFormatError(`${path} is not a JSON object`)
}

const cellLists: PolyList[] = ['verts', 'lines', 'polys', 'strips']

function readPolyData(files: Map<string, Uint8Array>, folder: string, dataset: Json): ResultMesh {
  const points = readArray(files, folder, dataset.points as ArrayRef | undefined, 'points')
  if (points.values.length % 3 !== 0) throw new ResultFormatError('The points are not x y z triples')
  const pointTotal = points.values.length / 3
  const lists: { list: PolyList; cells: CellList }[] = []
  for (const list of cellLists) {
    const ref = dataset[list] as ArrayRef | undefined
    if (!ref) continue
    const cells = cellsFromRuns(readArray(files, folder, ref, list).values)
    for (const id of cells.connectivity) if (id < 0 || id >= pointTotal) throw new ResultFormatError(`A cell of ${list} names point ${id}, which the dataset lacks`)
    lists.push({ list, cells })
  }
  const { connectivity, offsets, types } = polyCells(lists)
  const fields = [...readFields(files, folder, dataset.pointData, 'point', pointTotal), ...readFields(files, folder, dataset.cellData, 'cell', offsets.length)]
  return { points: points.values, connectivity, offsets, types, fields }
}

function readFields(files: Map<string, Uint8Array>, folder: string, attributes: unknown, location: 'point' | 'cell', tuples: number): ResultField[] {
  const arrays = (attributes as { arrays?: unknown } | undefined)?.arrays
  if (!Array.isArray(arrays)) return []
  const fields: ResultField[] = []
  for (const entry of arrays) {
    const ref = (entry as { data?: ArrayRef } | null)?.data
    const name = typeof ref?.name === 'string' ? ref.name : ''
    // ParaView's mapped colours (__CustomRGBColorArray__) are a picture of a field, not a field.
    if (!ref || !name || name.startsWith('__')) continue
    const { values, components } = readArray(files, folder, ref, name)
    if (values.length !== tuples * components) throw new ResultFormatError(`"${name}" holds ${values.length} values, not ${tuples} ${location}s of ${components}`)
    fields.push({ name, location, components, values })
  }
  return fields
}

const typeNames: Record<string, VtkNumberType> = {
  Int8Array: 'Int8',
  Uint8Array: 'UInt8',
  Uint8ClampedArray: 'UInt8',
  Int16Array: 'Int16',
  Uint16Array: 'UInt16',
  Int32Array: 'Int32',
  Uint32Array: 'UInt32',
  Float32Array: 'Float32',
  Float64Array: 'Float64',
}

function readArray(files: Map<string, Uint8Array>, folder: string, ref: ArrayRef | undefined, what: string): { values: NumberArray; components: number } {
  const id = ref?.ref?.id
  const type = typeNames[String(ref?.dataType)]
  if (!ref || typeof id !== 'string' || !type) throw new ResultFormatError(`The scene's ${what} array is missing or of a type this viewer does not read`)
  const components = Number(ref.numberOfComponents ?? 1)
  if (!Number.isInteger(components) || components < 1 || components > 9) throw new ResultFormatError(`The ${what} array has ${String(ref.numberOfComponents)} components`)
  const path = joinPath(joinPath(folder, typeof ref.ref?.basepath === 'string' ? ref.ref.basepath : ''), id)
  const plain = files.get(path)
  const zipped = plain ? undefined : files.get(`${path}.gz`)
  if (!plain && !zipped) throw new ResultFormatError(`The scene lacks the data of ${what} (${path})`)
  let data: Uint8Array
  try {
    data = plain ?? gunzipSync(zipped!)
  } catch {
    throw new ResultFormatError(`The data of ${what} could not be unpacked`)
  }
  const values = numbersFromBytes(data, type, ref.ref?.encode !== 'BigEndian')
  if (typeof ref.size === 'number' && values.length !== ref.size) throw new ResultFormatError(`The ${what} array holds ${values.length} values, not ${ref.size}`)
  return { values, components }
}

/** The mesh where its actor stands: p' = position + origin + R·(scale·(p − origin)), R by the actor's rotation (degrees about an axis). */
function placed(mesh: ResultMesh, item: Json): ResultMesh {
  const actor = (item.actor ?? {}) as { origin?: unknown; scale?: unknown; position?: unknown }
  const origin = vector(actor.origin, 0)
  const scale = vector(actor.scale, 1)
  const position = vector(actor.position, 0)
  const [angle, ax, ay, az] = Array.isArray(item.actorRotation) && item.actorRotation.length === 4 ? item.actorRotation.map(Number) : [0, 0, 0, 1]
  const rotation = rotationMatrix(angle!, ax!, ay!, az!)
  const identity = rotation === null && scale.every((s) => s === 1) && position.every((p) => p === 0)
  if (identity) return mesh
  const points = new Float64Array(mesh.points.length)
  for (let i = 0; i < points.length; i += 3) {
    const x = (mesh.points[i]! - origin[0]) * scale[0]
    const y = (mesh.points[i + 1]! - origin[1]) * scale[1]
    const z = (mesh.points[i + 2]! - origin[2]) * scale[2]
    const r = rotation ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
    points[i] = position[0] + origin[0] + r[0]! * x + r[1]! * y + r[2]! * z
    points[i + 1] = position[1] + origin[1] + r[3]! * x + r[4]! * y + r[5]! * z
    points[i + 2] = position[2] + origin[2] + r[6]! * x + r[7]! * y + r[8]! * z
  }
  return { ...mesh, points }
}

function vector(value: unknown, fallback: number): [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3) return [fallback, fallback, fallback]
  const numbers = value.map(Number)
  return numbers.every(Number.isFinite) ? (numbers as [number, number, number]) : [fallback, fallback, fallback]
}

/** A rotation of `degrees` about the axis (x, y, z), row by row; null for none. */
function rotationMatrix(degrees: number, x: number, y: number, z: number): number[] | null {
  const length = Math.hypot(x, y, z)
  if (!Number.isFinite(degrees) || degrees % 360 === 0 || !(length > 0)) return null
  const [u, v, w] = [x / length, y / length, z / length]
  const t = (degrees * Math.PI) / 180
  const c = Math.cos(t)
  const s = Math.sin(t)
  const k = 1 - c
  return [c + u * u * k, u * v * k - w * s, u * w * k + v * s, v * u * k + w * s, c + v * v * k, v * w * k - u * s, w * u * k - v * s, w * v * k + u * s, c + w * w * k]
}

function folderOf(path: string): string {
  const at = path.lastIndexOf('/')
  return at < 0 ? '' : path.slice(0, at)
}

/** `folder/relative` with `.` and `..` folded; nothing climbs above the archive's root. */
function joinPath(folder: string, relative: string): string {
  const parts: string[] = []
  for (const part of `${folder}/${relative}`.split('/')) {
    if (!part || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  return parts.join('/')
}
