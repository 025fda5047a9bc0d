/**
 * A glTF whose buffers are embedded as data: URIs, turned into the equivalent binary glTF (GLB):
 * the loader would fetch each data: URI, which the site's Content-Security-Policy (connect-src
 * 'self') forbids. Buffers are joined into the one binary chunk and the buffer views moved to match.
 * A glTF without embedded buffers is returned as it was (its .bin files load from beside it).
 */
export function embedGltfBuffers(data: ArrayBuffer): ArrayBuffer {
  let json: { buffers?: { uri?: string; byteLength: number }[]; bufferViews?: { buffer: number; byteOffset?: number }[] }
  try {
    json = JSON.parse(new TextDecoder().decode(data))
  } catch {
    return data
  }
  const buffers = json.buffers ?? []
  if (!buffers.some((b) => b.uri?.startsWith('data:'))) return data
  if (buffers.some((b) => !b.uri?.startsWith('data:'))) return data
  const decoded = buffers.map((b) => {
    const base64 = b.uri!.slice(b.uri!.indexOf(',') + 1)
    const binary = atob(base64)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  })
  const starts: number[] = []
  let length = 0
  for (const bytes of decoded) {
    starts.push(length)
    length += Math.ceil(bytes.length / 4) * 4
  }
  for (const view of json.bufferViews ?? []) {
    view.byteOffset = (view.byteOffset ?? 0) + starts[view.buffer]!
    view.buffer = 0
  }
  json.buffers = [{ byteLength: length }]
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json))
  const jsonLength = Math.ceil(jsonBytes.length / 4) * 4
  const glb = new Uint8Array(12 + 8 + jsonLength + 8 + length)
  const view = new DataView(glb.buffer)
  view.setUint32(0, 0x46546c67, true) // "glTF"
  view.setUint32(4, 2, true)
  view.setUint32(8, glb.length, true)
  view.setUint32(12, jsonLength, true)
  view.setUint32(16, 0x4e4f534a, true) // "JSON"
  glb.fill(0x20, 20, 20 + jsonLength)
  glb.set(jsonBytes, 20)
  view.setUint32(20 + jsonLength, length, true)
  view.setUint32(24 + jsonLength, 0x004e4942, true) // "BIN"
  decoded.forEach((bytes, i) => glb.set(bytes, 28 + jsonLength + starts[i]!))
  return glb.buffer
}
