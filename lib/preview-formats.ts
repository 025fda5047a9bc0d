/** Words and numbers of the viewer. Which files it opens, and with which parser, is the file-type registry (lib/file-types.ts). */

export const NO_PREVIEW_MESSAGE = 'No preview for this file type: download it to open it in your CAD program.'

/** "10 × 10 × 10 mm", each size to at most 4 significant figures. */
export function formatModelSize(size: [number, number, number], unit: string): string {
  return `${size.map((v) => Number(v.toPrecision(4)).toString()).join(' × ')} ${unit}`
}
