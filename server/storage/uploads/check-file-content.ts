import { fileTypeFromBuffer } from 'file-type'
import { areaTypeOf, fileNameRefusal, TYPE_MISMATCH_MESSAGE } from '../../../lib/file-types'
import type { StorageArea } from '../../services/files/storage-path'

/**
 * The server's checks of an upload against the file-type registry (lib/file-types.ts), the list the
 * browser's picker and check read too: the name when the upload is created, the first bytes when it
 * is complete. The content must be what the extension claims: a sniffer's answer in the type's
 * `detected` list, its signature (`sniff`), or, for a type with no signature, nothing the sniffer
 * recognises as something else.
 */

export const CONTENT_MISMATCH_MESSAGE = TYPE_MISMATCH_MESSAGE

/** Checked when the upload is created: the name's type is taken in this area. Returns a refusal or null. */
export function checkFileName(area: StorageArea, fileName: string): string | null {
  return fileNameRefusal(area, fileName)
}

/** How much of a file's beginning the content check reads. */
export const CONTENT_SNIFF_BYTES = 4100

/** Checked when the upload is complete: the file's first CONTENT_SNIFF_BYTES bytes match its extension (and the declared type). */
export async function checkFileContentBytes(area: StorageArea, fileName: string, head: Uint8Array, declaredType?: string | null): Promise<string | null> {
  const type = areaTypeOf(area, fileName)
  if (!type) return fileNameRefusal(area, fileName)
  const rule = type.content
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
