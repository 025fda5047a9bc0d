import { fileTypeFromBuffer } from 'file-type'
import type { StorageArea } from '../services/files/storage-path'

/**
 * Allowed file types per area (images only for pictures; documents, images and CAD/CFD formats
 * elsewhere), checked by content: the first bytes must match what
 * the extension claims. `detected` lists the MIME types file-type may report for that extension;
 * `undetectable: true` allows content file-type cannot recognise (text, CAD text formats).
 */
interface Rule {
  detected: string[]
  undetectable?: boolean
}

const imageRules: Record<string, Rule> = {
  jpg: { detected: ['image/jpeg'] },
  jpeg: { detected: ['image/jpeg'] },
  png: { detected: ['image/png'] },
  gif: { detected: ['image/gif'] },
  webp: { detected: ['image/webp'] },
}

const cfb = ['application/x-cfb']
const zipLike = ['application/zip']
const documentRules: Record<string, Rule> = {
  ...imageRules,
  pdf: { detected: ['application/pdf'] },
  mp4: { detected: ['video/mp4', 'video/quicktime', 'video/x-m4v'] },
  mov: { detected: ['video/quicktime', 'video/mp4'] },
  webm: { detected: ['video/webm'] },
  avi: { detected: ['video/vnd.avi', 'video/x-msvideo'] },
  doc: { detected: cfb },
  docx: { detected: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', ...zipLike] },
  xlsx: { detected: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...zipLike] },
  pptx: { detected: ['application/vnd.openxmlformats-officedocument.presentationml.presentation', ...zipLike] },
  zip: { detected: zipLike },
  dwg: { detected: ['image/vnd.dwg'], undetectable: true },
  dxf: { detected: [], undetectable: true },
  obj: { detected: [], undetectable: true },
  max: { detected: cfb, undetectable: true },
  txt: { detected: [], undetectable: true },
  csv: { detected: [], undetectable: true },
  html: { detected: [], undetectable: true },
  css: { detected: [], undetectable: true },
  js: { detected: [], undetectable: true },
}

const rulesForArea = (area: StorageArea) => (area === 'profile-pictures' || area === 'picture-submissions' ? imageRules : documentRules)

const IMAGES_ONLY_MESSAGE = 'Only images can be uploaded here (JPEG, PNG, GIF or WebP)'
const TYPE_NOT_ALLOWED_MESSAGE = 'This file type is not allowed'
const CONTENT_MISMATCH_MESSAGE = 'The file content does not match its type'

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : ''
}

/** Checked when the upload is created: the name's extension is allowed in this area. Returns a refusal or null. */
export function checkFileName(area: StorageArea, fileName: string): string | null {
  const rules = rulesForArea(area)
  if (rules[extensionOf(fileName)]) return null
  return rules === imageRules ? IMAGES_ONLY_MESSAGE : TYPE_NOT_ALLOWED_MESSAGE
}

/** How much of a file's beginning the content check reads. */
export const CONTENT_SNIFF_BYTES = 4100

/** Checked when the upload is complete: the file's first CONTENT_SNIFF_BYTES bytes match its extension (and the declared type). */
export async function checkFileContentBytes(area: StorageArea, fileName: string, head: Uint8Array, declaredType?: string | null): Promise<string | null> {
  const rules = rulesForArea(area)
  const rule = rules[extensionOf(fileName)]
  if (!rule) return rules === imageRules ? IMAGES_ONLY_MESSAGE : TYPE_NOT_ALLOWED_MESSAGE
  const detected = await fileTypeFromBuffer(head).catch(() => undefined)
  if (!detected) return rule.undetectable ? null : CONTENT_MISMATCH_MESSAGE
  if (!rule.detected.includes(detected.mime)) return CONTENT_MISMATCH_MESSAGE
  // A browser that declared an image type must have sent that image.
  if (declaredType?.startsWith('image/') && detected.mime.startsWith('image/') && declaredType !== detected.mime && !(declaredType === 'image/jpg' && detected.mime === 'image/jpeg')) {
    return CONTENT_MISMATCH_MESSAGE
  }
  return null
}
