import { gltfList, type GltfContent } from '../../../lib/model-references'
import { CORRUPT_MESSAGE, PreviewError } from './fetch-file'
import type { ReferenceReader } from './reference-reader'

/** The largest buffer a glTF may declare: above it the file is taken as damaged rather than allocated. */
const MAX_BUFFER_BYTES = 512 * 1024 * 1024

/** A 1 × 1 grey PNG, in place of an image the viewer did not read (the model shows untextured there). */
const PLACEHOLDER_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGPYAAAAsgCxVQroKgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value)

function corrupt(): never {
  throw new PreviewError(CORRUPT_MESSAGE)
}

/** An image's type from its first bytes (the loader decodes by content; the type only labels it). */
function imageType(bytes: Uint8Array, given: string): string {
  if (given.startsWith('image/')) return given
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg'
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'image/gif'
  if (bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp'
  return 'application/octet-stream'
}

/**
 * The glTF rewritten as one binary glTF (GLB) that holds everything it draws: buffers and images
 * given as data: URIs, or as files the reader may read, are copied into the binary chunk, and no
 * `uri` is left for the loader to fetch. The site's Content-Security-Policy (connect-src 'self')
 * would refuse the loader's fetch of a data: URI anyway. A buffer the reader refused becomes zeros
 * of its declared length and an image a grey pixel, so the model still shows what it can.
 */
export async function selfContainedGlb(gltf: GltfContent, reader: ReferenceReader): Promise<ArrayBuffer> {
  const json = gltf.json
  const buffers = gltfList(json.buffers) ?? corrupt()
  const images = gltfList(json.images) ?? corrupt()
  const views = gltfList(json.bufferViews) ?? corrupt()

  const chunks: Uint8Array[] = []
  let length = 0
  const append = (bytes: Uint8Array) => {
    const at = length
    chunks.push(bytes)
    length += Math.ceil(bytes.length / 4) * 4
    return at
  }

  const starts: number[] = []
  for (const [index, buffer] of buffers.entries()) {
    if (!isObject(buffer)) corrupt()
    const declared = buffer.byteLength
    if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 0 || declared > MAX_BUFFER_BYTES) corrupt()
    const found = buffer.uri === undefined ? (index === 0 ? gltf.bin : null) : ((await reader.read(String(buffer.uri), 'uri'))?.bytes ?? null)
    const bytes = new Uint8Array(declared)
    if (found) bytes.set(found.subarray(0, declared))
    starts.push(append(bytes))
  }

  const moveToBin = (target: Json) => {
    const index = target.buffer
    if (typeof index !== 'number' || starts[index] === undefined) corrupt()
    const offset = target.byteOffset ?? 0
    if (typeof offset !== 'number') corrupt()
    target.byteOffset = offset + starts[index]
    target.buffer = 0
  }
  for (const view of views) {
    if (!isObject(view)) corrupt()
    moveToBin(view)
    // Compressed views name their buffer in the extension too.
    for (const name of ['EXT_meshopt_compression', 'KHR_meshopt_compression']) {
      const extension = isObject(view.extensions) ? view.extensions[name] : undefined
      if (isObject(extension)) moveToBin(extension)
    }
  }

  for (const image of images) {
    if (!isObject(image)) corrupt()
    if (image.uri === undefined) continue
    const found = await reader.read(String(image.uri), 'uri')
    const bytes = found?.bytes ?? PLACEHOLDER_PNG
    views.push({ buffer: 0, byteOffset: append(bytes), byteLength: bytes.length })
    image.bufferView = views.length - 1
    image.mimeType = found ? imageType(bytes, typeof image.mimeType === 'string' ? image.mimeType : found.type) : 'image/png'
    delete image.uri
  }

  if (views.length) json.bufferViews = views
  if (chunks.length) json.buffers = [{ byteLength: length }]

  const jsonBytes = new TextEncoder().encode(JSON.stringify(json))
  const jsonLength = Math.ceil(jsonBytes.length / 4) * 4
  const glb = new Uint8Array(12 + 8 + jsonLength + (chunks.length ? 8 + length : 0))
  const view = new DataView(glb.buffer)
  view.setUint32(0, 0x46546c67, true) // "glTF"
  view.setUint32(4, 2, true)
  view.setUint32(8, glb.length, true)
  view.setUint32(12, jsonLength, true)
  view.setUint32(16, 0x4e4f534a, true) // "JSON"
  glb.fill(0x20, 20, 20 + jsonLength)
  glb.set(jsonBytes, 20)
  if (chunks.length) {
    view.setUint32(20 + jsonLength, length, true)
    view.setUint32(24 + jsonLength, 0x004e4942, true) // "BIN"
    let at = 28 + jsonLength
    for (const bytes of chunks) {
      glb.set(bytes, at)
      at += Math.ceil(bytes.length / 4) * 4
    }
  }
  return glb.buffer
}
