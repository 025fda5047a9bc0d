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
  /**
   * For formats file-type does not know: what their first bytes must say. The file is refused when
   * this is false, or when file-type recognises it as something else.
   */
  sniff?: (head: Uint8Array) => boolean
}

const text = (head: Uint8Array) => new TextDecoder('latin1').decode(head)
/** Text without NUL bytes (CAD text formats). */
const isText = (head: Uint8Array) => !head.includes(0)
/** ISO 10303-21 (STEP, and IFC, which is written in it). */
const isStepFile = (head: Uint8Array) => /^\s*ISO-10303-21;/.test(text(head))
/** IGES: 80-column records, the first of which is a Start (S) or, in the compressed form, a Flag (C/B) record. */
const isIges = (head: Uint8Array) => isText(head) && /^.{72}[SCBG]\s{0,7}\d+\r?$/m.test(text(head).split('\n')[0] ?? '')
/** OpenCascade's BREP text format. */
const isBrep = (head: Uint8Array) => /^\s*(DBRep_DrawableShape|CASCADE Topology V\d)/.test(text(head))
/** ASCII STL starts "solid"; binary STL is an 80-byte header, then a facet count (at least 84 bytes). */
const isStl = (head: Uint8Array) => (/^\s*solid/.test(text(head.subarray(0, 80))) && isText(head)) || head.length >= 84
const isPly = (head: Uint8Array) => /^ply\r?\n/.test(text(head))
const isGltfJson = (head: Uint8Array) => isText(head) && /^\s*\{/.test(text(head))
const isGlb = (head: Uint8Array) => text(head.subarray(0, 4)) === 'glTF'

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
  obj: { detected: [], undetectable: true, sniff: isText },
  mtl: { detected: [], undetectable: true, sniff: isText },
  stl: { detected: ['model/stl'], sniff: isStl },
  step: { detected: [], sniff: isStepFile },
  stp: { detected: [], sniff: isStepFile },
  iges: { detected: [], sniff: isIges },
  igs: { detected: [], sniff: isIges },
  brep: { detected: [], sniff: isBrep },
  gltf: { detected: ['model/gltf+json', 'application/json'], sniff: isGltfJson },
  glb: { detected: ['model/gltf-binary'], sniff: isGlb },
  '3mf': { detected: ['model/3mf', ...zipLike] },
  ply: { detected: [], sniff: isPly },
  ifc: { detected: [], sniff: isStepFile },
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
  if (rule.sniff) return (!detected || rule.detected.includes(detected.mime)) && rule.sniff(head) ? null : CONTENT_MISMATCH_MESSAGE
  if (!detected) return rule.undetectable ? null : CONTENT_MISMATCH_MESSAGE
  if (!rule.detected.includes(detected.mime)) return CONTENT_MISMATCH_MESSAGE
  // A browser that declared an image type must have sent that image.
  if (declaredType?.startsWith('image/') && detected.mime.startsWith('image/') && declaredType !== detected.mime && !(declaredType === 'image/jpg' && detected.mime === 'image/jpeg')) {
    return CONTENT_MISMATCH_MESSAGE
  }
  return null
}
