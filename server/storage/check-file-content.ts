import { fileTypeFromBuffer } from 'file-type'
import {
  extensionOf,
  fileNameRefusal,
  TYPE_MISMATCH_MESSAGE,
  isImageArea,
  type DocumentExtension,
  type ImageExtension,
} from '../../lib/accepted-file-types'
import type { StorageArea } from '../services/files/storage-path'

/**
 * How the content of each accepted type is recognised: the first bytes must match what the
 * extension claims. Which extensions an area accepts is lib/accepted-file-types.ts, the list the
 * browser's picker and check use too; these rules are keyed by the same extensions (a type added
 * there without a content rule here fails to compile). `detected` lists the MIME types file-type
 * may report for that extension; `undetectable: true` allows content file-type cannot recognise
 * (text, CAD text formats).
 */
interface Rule {
  detected: string[]
  undetectable?: boolean
}

const imageRules: Record<ImageExtension, Rule> = {
  jpg: { detected: ['image/jpeg'] },
  jpeg: { detected: ['image/jpeg'] },
  png: { detected: ['image/png'] },
  gif: { detected: ['image/gif'] },
  webp: { detected: ['image/webp'] },
}

const cfb = ['application/x-cfb']
const zipLike = ['application/zip']
const documentRules: Record<DocumentExtension, Rule> = {
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

/** The content rule of an accepted file name in an area, or null when the area refuses the name. */
function ruleFor(area: StorageArea, fileName: string): Rule | null {
  if (fileNameRefusal(area, fileName)) return null
  const rules: Record<string, Rule> = isImageArea(area) ? imageRules : documentRules
  return rules[extensionOf(fileName)] ?? null
}

export const CONTENT_MISMATCH_MESSAGE = TYPE_MISMATCH_MESSAGE

/** Checked when the upload is created: the name's extension is allowed in this area. Returns a refusal or null. */
export function checkFileName(area: StorageArea, fileName: string): string | null {
  return fileNameRefusal(area, fileName)
}

/** How much of a file's beginning the content check reads. */
export const CONTENT_SNIFF_BYTES = 4100

/** Checked when the upload is complete: the file's first CONTENT_SNIFF_BYTES bytes match its extension (and the declared type). */
export async function checkFileContentBytes(area: StorageArea, fileName: string, head: Uint8Array, declaredType?: string | null): Promise<string | null> {
  const rule = ruleFor(area, fileName)
  if (!rule) return fileNameRefusal(area, fileName)
  const detected = await fileTypeFromBuffer(head).catch(() => undefined)
  if (!detected) return rule.undetectable ? null : CONTENT_MISMATCH_MESSAGE
  if (!rule.detected.includes(detected.mime)) return CONTENT_MISMATCH_MESSAGE
  // A browser that declared an image type must have sent that image.
  if (declaredType?.startsWith('image/') && detected.mime.startsWith('image/') && declaredType !== detected.mime && !(declaredType === 'image/jpg' && detected.mime === 'image/jpeg')) {
    return CONTENT_MISMATCH_MESSAGE
  }
  return null
}
