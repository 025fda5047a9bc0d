import { previewMimeTypes } from '../../../lib/catalogue'

/**
 * What the browser knows about a stored file from its name: its type (derived from the file
 * extension) and whether it opens in a new tab. Which files an upload accepts is
 * lib/accepted-file-types.ts, the list the server checks too.
 */

const mimeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  obj: 'model/obj',
  max: 'application/x-3ds-max',
  zip: 'application/zip',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
}

export function fileExtension(name: string): string {
  const base = name.split('/').pop() ?? name
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

/** The type shown in the document list: the extension in capitals ("PDF", "DWG"), or "File". */
export function fileTypeLabel(name: string): string {
  const ext = fileExtension(name)
  return ext ? ext.toUpperCase() : 'File'
}

export function mimeTypeOf(name: string): string {
  return mimeByExtension[fileExtension(name)] ?? 'application/octet-stream'
}

/** jpeg, png, gif, pdf, plain text, html, css and javascript open in a new tab (the last three as source text); the rest download. */
export function opensInNewTab(name: string): boolean {
  return (previewMimeTypes as readonly string[]).includes(mimeTypeOf(name))
}
