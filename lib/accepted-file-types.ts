import { formatSize } from './format'
/**
 * The file types each upload area accepts: one list, read by the file picker (`accept`), by the
 * browser's check before any byte is sent, and by the server, which checks the name when an upload
 * is created and the content when it is complete (server/storage/check-file-content.ts keys its
 * content rules by these extensions, so the two cannot drift apart).
 *
 * Each extension lists the MIME types a browser may report for it. For images the reported type
 * must be one of them (a browser that says "image/png" must send a PNG); for the other kinds
 * browsers disagree (a DWG is "", "application/acad" or "image/vnd.dwg"), so only the name counts
 * before the upload and the content after it.
 */

const imageTypes = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
} as const satisfies Record<string, readonly string[]>

const documentTypes = {
  ...imageTypes,
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  webm: ['video/webm'],
  avi: ['video/x-msvideo', 'video/avi', 'video/vnd.avi'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  dwg: ['image/vnd.dwg', 'application/acad', 'application/x-dwg'],
  dxf: ['image/vnd.dxf', 'application/dxf'],
  obj: ['model/obj'],
  mtl: ['model/mtl'],
  stl: ['model/stl', 'application/sla', 'application/vnd.ms-pki.stl'],
  step: ['model/step', 'application/step'],
  stp: ['model/step', 'application/step'],
  iges: ['model/iges', 'application/iges'],
  igs: ['model/iges', 'application/iges'],
  brep: [],
  gltf: ['model/gltf+json'],
  glb: ['model/gltf-binary'],
  '3mf': ['model/3mf', 'application/vnd.ms-package.3dmanufacturing-3dmodel+xml'],
  ply: ['model/ply', 'application/ply'],
  ifc: ['application/x-step', 'model/ifc'],
  max: ['application/x-3ds-max'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  txt: ['text/plain'],
  csv: ['text/csv'],
  // Stored and listed, but only ever downloaded, never served as a page, style or script.
  html: ['text/html'],
  css: ['text/css'],
  js: ['text/javascript', 'application/javascript'],
} as const satisfies Record<string, readonly string[]>

export type ImageExtension = keyof typeof imageTypes
export type DocumentExtension = keyof typeof documentTypes

/** The upload areas as the browser and the server name them (server/storage/README.md). */
export type UploadArea = 'profile-pictures' | 'picture-submissions' | 'user-box' | 'job-files' | 'job-deliverables' | 'job-messages' | 'blog-images'

interface AreaTypes {
  types: Readonly<Record<string, readonly string[]>>
  /** The accepted types in words, for messages. */
  described: string
}

const images: AreaTypes = { types: imageTypes, described: 'JPEG, PNG, GIF or WebP' }
const documents: AreaTypes = {
  types: documentTypes,
  described: 'images (JPEG, PNG, GIF, WebP), video (MP4, MOV, WebM, AVI), PDF, Word (DOC, DOCX), Excel (XLSX), PowerPoint (PPTX), CAD models (STEP, IGES, BREP, STL, OBJ with MTL, glTF, GLB, 3MF, PLY, IFC), drawings (DWG, DXF), MAX, ZIP, text (TXT, CSV) or HTML, CSS and JS (downloaded only)',
}

const byArea: Record<UploadArea, AreaTypes> = {
  'profile-pictures': images,
  'picture-submissions': images,
  'blog-images': images,
  'user-box': documents,
  'job-files': documents,
  'job-deliverables': documents,
  'job-messages': documents,
}

export const imageExtensions = Object.keys(imageTypes) as ImageExtension[]
export const documentExtensions = Object.keys(documentTypes) as DocumentExtension[]

export const IMAGES_ONLY_MESSAGE = `Only images can be uploaded here (${images.described})`
export const TYPE_NOT_ALLOWED_MESSAGE = 'This file type is not allowed'
export const TYPE_MISMATCH_MESSAGE = 'The file content does not match its type'

/** The lower-case extension of a file name ("" when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split('/').pop() ?? fileName
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

export function isImageArea(area: UploadArea): boolean {
  return byArea[area] === images
}

/** The extensions an area accepts. */
export function acceptedExtensions(area: UploadArea): string[] {
  return Object.keys(byArea[area].types)
}

/** The MIME types a browser may report for an accepted extension (empty when the area refuses it). */
export function mimeTypesFor(area: UploadArea, extension: string): readonly string[] {
  return Object.hasOwn(byArea[area].types, extension) ? byArea[area].types[extension]! : []
}

/**
 * The picker's `accept` attribute: the extensions only. A MIME type there would also offer every
 * other extension of that type (image/jpeg brings .jfif), which the server refuses by name.
 */
export function acceptAttribute(area: UploadArea): string {
  return acceptedExtensions(area)
    .map((e) => `.${e}`)
    .join(',')
}

/** The accepted types in words ("JPEG, PNG, GIF or WebP"). */
export function describeAcceptedTypes(area: UploadArea): string {
  return byArea[area].described
}

/** Whether an area takes a file of this name (by its extension). */
export function acceptsFileName(area: UploadArea, fileName: string): boolean {
  return Object.hasOwn(byArea[area].types, extensionOf(fileName))
}

/** Why an area refuses a file of this name, or null when it takes it. */
export function fileNameRefusal(area: UploadArea, fileName: string): string | null {
  if (acceptsFileName(area, fileName)) return null
  return isImageArea(area) ? IMAGES_ONLY_MESSAGE : TYPE_NOT_ALLOWED_MESSAGE
}

/**
 * Whether the type a browser reported fits the name: an image type must be the extension's own
 * (a ".png" reported as "image/svg+xml" is refused); other reports are advisory.
 */
export function declaredTypeFits(area: UploadArea, fileName: string, declaredType: string | null | undefined): boolean {
  if (!declaredType || !declaredType.startsWith('image/')) return true
  const expected = mimeTypesFor(area, extensionOf(fileName))
  if (!expected.some((t) => t.startsWith('image/'))) return !isImageArea(area)
  return expected.includes(declaredType) || (declaredType === 'image/jpg' && expected.includes('image/jpeg'))
}

/**
 * The browser's check before an upload starts: why this file would be refused (named, with the
 * reason), or null. The server checks the same list again, and the content once it has the bytes.
 */
export function checkFileBeforeUpload(area: UploadArea, file: { name: string; type?: string; size: number }, maxBytes: number): string | null {
  const refusal = fileNameRefusal(area, file.name)
  if (refusal) return `${file.name}: ${isImageArea(area) ? refusal : `this file type is not accepted. Please choose ${describeAcceptedTypes(area)}`}`
  if (!declaredTypeFits(area, file.name, file.type)) return `${file.name}: ${TYPE_MISMATCH_MESSAGE.toLowerCase()} (${file.type})`
  if (file.size > maxBytes) return `${file.name}: the file is larger than the upload limit of ${formatSize(maxBytes)}`
  return null
}

