import { viewerParserOf } from './file-types'
import { readPvd } from './simulation-results/read-pvd'

/**
 * The files a model names besides itself (a glTF's buffers and images, an OBJ's material libraries)
 * and where the viewer may look for them. A model is its uploader's data, but the viewer reads with
 * the rights of whoever opens it, and the consultancy opens every client's files: a reference is
 * followed only when it is a data: URI or names a file directly in the model's own folder (the
 * server then checks that the model's uploader uploaded it and may read it). Another folder, a
 * `..` above the folder, an absolute path or address, or any other scheme is refused before any
 * request is made. The server reads the same references to decide whether a model is
 * self-contained, which a thumbnail requires.
 */

/** How much of the start of an OBJ file the viewer (and the server) read for its `mtllib` lines. */
export const OBJ_MATERIAL_SCAN_BYTES = 64 * 1024

/**
 * The largest glTF JSON whose references the server reads (a .gltf file, or a GLB's JSON chunk): a
 * larger one may still be previewed, but is never taken as self-contained, so it gets no thumbnail.
 */
export const GLTF_JSON_MAX_BYTES = 16 * 1024 * 1024

/** The largest ParaView series (.pvd) whose steps the server reads; a larger one is never taken as self-contained. */
export const PVD_MAX_BYTES = 1024 * 1024

export const OUTSIDE_FOLDER = "outside this model's folder"

export type ReferenceVerdict = { kind: 'data' } | { kind: 'sibling'; name: string } | { kind: 'refused'; reason: string }

/**
 * Where a reference points. `form` says how it is written: a glTF URI is percent-encoded (`%20`),
 * an OBJ or MTL name is plain text. Backslashes separate folders as slashes do (Windows exports).
 * A `..` may step back only into the folder, never above it, even to come back.
 */
export function resolveModelReference(reference: string, form: 'uri' | 'name'): ReferenceVerdict {
  if (/^data:/i.test(reference)) return { kind: 'data' }
  const refused: ReferenceVerdict = { kind: 'refused', reason: OUTSIDE_FOLDER }
  // Another scheme (http:, blob:, file:, a drive letter such as C:) or an absolute path (/, //host, \).
  if (/^[a-z][a-z0-9+.-]*:/i.test(reference) || /^[\\/]/.test(reference)) return refused
  if (form === 'uri' && /[?#]/.test(reference)) return refused
  const names: string[] = []
  for (const raw of reference.split(/[\\/]/)) {
    let segment = raw
    if (form === 'uri') {
      try {
        segment = decodeURIComponent(raw)
      } catch {
        return refused
      }
    }
    if (segment === '' || /[\\/\u0000-\u001f\u007f]/.test(segment)) return refused
    if (segment === '.') continue
    if (segment === '..') {
      if (names.length === 0) return refused
      names.pop()
      continue
    }
    names.push(segment)
  }
  return names.length === 1 ? { kind: 'sibling', name: names[0]! } : refused
}

/** The material libraries an OBJ names (`mtllib`), from the start of the file the viewer reads. */
export function objMaterialLibraries(head: string): string[] {
  const names: string[] = []
  for (const line of head.split(/\r\n|\r|\n/)) {
    const match = /^\s*mtllib\s+(.+)$/.exec(line)
    const name = match?.[1]?.trim()
    if (name) names.push(name)
  }
  return names
}

export interface GltfContent {
  json: Record<string, unknown>
  /** A GLB's binary chunk (buffer 0 without a uri); null for a .gltf file. */
  bin: Uint8Array | null
  /** The size of the JSON text, in bytes. */
  jsonBytes: number
}

const GLB_MAGIC = 0x46546c67 // "glTF"
const JSON_CHUNK = 0x4e4f534a // "JSON"
const BIN_CHUNK = 0x004e4942 // "BIN"

/**
 * A glTF's JSON (and a GLB's binary chunk), or null when it cannot be read. A GLB is read as the
 * format defines it: its first chunk is the JSON and the binary chunk, if any, comes next; the viewer
 * rebuilds the file from this reading, so it never parses anything the server's reading missed.
 */
export function readGltf(bytes: Uint8Array, glb: boolean): GltfContent | null {
  let jsonBytes = bytes
  let bin: Uint8Array | null = null
  if (glb) {
    if (bytes.length < 20) return null
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const jsonLength = view.getUint32(12, true)
    if (view.getUint32(0, true) !== GLB_MAGIC || view.getUint32(16, true) !== JSON_CHUNK || 20 + jsonLength > bytes.length) return null
    jsonBytes = bytes.subarray(20, 20 + jsonLength)
    const at = 20 + jsonLength
    if (at + 8 <= bytes.length && view.getUint32(at + 4, true) === BIN_CHUNK) bin = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + view.getUint32(at, true)))
  }
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(jsonBytes))
    if (!json || typeof json !== 'object' || Array.isArray(json)) return null
    return { json: json as Record<string, unknown>, bin, jsonBytes: jsonBytes.length }
  } catch {
    return null
  }
}

/** A glTF's `buffers` or `images` as a list (absent: empty); null when it is not a list. */
export function gltfList(value: unknown): unknown[] | null {
  if (value === undefined) return []
  return Array.isArray(value) ? value : null
}

/**
 * The references a glTF follows besides data: URIs (its buffers' and images' `uri`), or null when
 * that cannot be told: a JSON above GLTF_JSON_MAX_BYTES, lists that are not lists, a `uri` that is
 * not text.
 */
export function gltfReferences(gltf: GltfContent): string[] | null {
  if (gltf.jsonBytes > GLTF_JSON_MAX_BYTES) return null
  const buffers = gltfList(gltf.json.buffers)
  const images = gltfList(gltf.json.images)
  if (!buffers || !images) return null
  const references: string[] = []
  for (const entry of [...buffers, ...images]) {
    if (!entry || typeof entry !== 'object') return null
    const uri = (entry as { uri?: unknown }).uri
    if (uri === undefined) continue
    if (typeof uri !== 'string') return null
    if (resolveModelReference(uri, 'uri').kind !== 'data') references.push(uri)
  }
  return references
}

/**
 * The references other than data: URIs that a model's own bytes name, or null when they cannot be
 * told. `bytes` may be the start of the file only: OBJ_MATERIAL_SCAN_BYTES for an OBJ, the JSON (and
 * a GLB's 20-byte header) up to GLTF_JSON_MAX_BYTES for glTF, the whole series up to PVD_MAX_BYTES
 * for a .pvd (its steps' files). STL, PLY, STEP, IGES, BREP, IFC, 3MF (whose textures are inside its
 * own package), a single VTK result and DXF name nothing the viewer follows.
 */
export function modelReferencesOf(fileName: string, bytes: Uint8Array): string[] | null {
  const parser = viewerParserOf(fileName)
  if (parser === 'three-obj') return objMaterialLibraries(new TextDecoder().decode(bytes.subarray(0, OBJ_MATERIAL_SCAN_BYTES)))
  if (parser === 'three-gltf' || parser === 'three-glb') {
    if (parser === 'three-gltf' && bytes.length > GLTF_JSON_MAX_BYTES) return null
    const gltf = readGltf(bytes, parser === 'three-glb')
    return gltf ? gltfReferences(gltf) : null
  }
  if (parser === 'vtk-series') {
    if (bytes.length > PVD_MAX_BYTES) return null
    try {
      return readPvd(new TextDecoder().decode(bytes)).map((step) => step.file)
    } catch {
      return null
    }
  }
  return []
}

/** How many bytes of a model's start the server reads to tell its references (0: none needed). */
export function referenceScanBytes(fileName: string): number {
  const parser = viewerParserOf(fileName)
  if (parser === 'three-obj') return OBJ_MATERIAL_SCAN_BYTES
  if (parser === 'three-gltf') return GLTF_JSON_MAX_BYTES + 1
  if (parser === 'three-glb') return 20 + GLTF_JSON_MAX_BYTES
  if (parser === 'vtk-series') return PVD_MAX_BYTES + 1
  return 0
}
