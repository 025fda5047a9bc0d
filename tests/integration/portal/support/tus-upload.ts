import type { HttpClient } from './http-client'

export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** PNG_1PX with its header claiming another size (the server reads the size from IHDR): another picture, as the server sees it. */
export function pngOfSize(width: number, height = width): Buffer {
  const png = Buffer.from(PNG_1PX)
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  return png
}
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

export function encodeMetadata(meta: Record<string, string>) {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',')
}

/** The Upload-Path header is percent-encoded (a header holds only Latin-1; a file name anything). */
function decodeUploadPath(header: string | null): string | undefined {
  return header === null ? undefined : decodeURI(header)
}

export interface TusResult {
  status: number
  body: string
  /** The stored path (Upload-Path) once complete. */
  path?: string
  location?: string
}

/**
 * Creates a tus upload and sends the whole body in one PATCH (the protocol tus-js-client speaks).
 * A guest's upload is continued with the Upload-Key its creation answer carried.
 */
export async function tusUpload(client: HttpClient, bytes: Buffer, meta: Record<string, string>): Promise<TusResult> {
  const created = await client.fetch('/uploads', {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': encodeMetadata(meta) },
  })
  if (created.status !== 201) return { status: created.status, body: await created.text() }
  const location = created.headers.get('location')!
  const key = created.headers.get('upload-key')
  const patched = await client.fetch(location, {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', ...(key ? { 'upload-key': key } : {}) },
    body: new Uint8Array(bytes),
  })
  return { status: patched.status, body: await patched.text(), path: decodeUploadPath(patched.headers.get('upload-path')), location }
}
