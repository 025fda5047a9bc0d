import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { formatModelBox, MODEL_BOX_HEADER } from '../../lib/model-box'
import { previewMimeTypes, sourcePreviewMimeTypes } from '../../lib/catalogue'
import { resolveActor } from '../auth/resolve-actor'
import { isAppError } from '../errors/app-error'
import { toHttpAnswer } from '../errors/to-http-answer'
import { openFile } from '../services/files/open-file'
import { openModelReference } from '../services/files/open-model-reference'

/**
 * Types a browser would run as code, or style the page with, in the site's origin (html, css, js, svg,
 * xml and xhtml, which can carry scripts): never served as themselves. html, css and javascript open
 * as their source (text/plain); the others download as attachments with a neutral type. Either way
 * nosniff and the sandbox policy stand, in case a browser renders them all the same.
 */
const activeTypes = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'application/javascript',
  'image/svg+xml',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/xslt+xml',
])
const activeExtensions = new Set(['html', 'htm', 'shtml', 'xhtml', 'xht', 'css', 'js', 'mjs', 'cjs', 'svg', 'svgz', 'xml', 'xsl', 'xslt'])
const SANDBOX_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'"

function isActiveContent(name: string, type: string): boolean {
  const dot = name.lastIndexOf('.')
  return activeTypes.has(type) || activeExtensions.has(dot > 0 ? name.slice(dot + 1).toLowerCase() : '')
}

/**
 * GET /files/{path}: the owner check of the services, then the bytes. The preview types open inline
 * (jpeg, png, gif, pdf, plain text, and html, css and javascript as their source text); everything
 * else downloads; nothing can execute or style anything in the site's origin.
 * GET /files/{model path}?reference={name}: a file the model names, for its preview, with the checks
 * of openModelReference (its own folder, its uploader's file and rights).
 * A binary STL's download carries its box and triangle count (x-model-box: min x,y,z, max x,y,z, count).
 */
export async function serveFile(c: Context): Promise<Response> {
  const raw = new URL(c.req.url).pathname.slice('/files/'.length)
  const reference = c.req.query('reference')
  const actor = await resolveActor(c.req.raw)
  try {
    const { file, body, modelBox } = reference === undefined ? await openFile({ actor, path: raw }) : { ...(await openModelReference({ actor, path: raw, name: reference })), modelBox: null }
    const active = isActiveContent(file.name, file.type)
    const asSource = (sourcePreviewMimeTypes as readonly string[]).includes(file.type)
    const type = asSource ? 'text/plain' : active ? 'application/octet-stream' : file.type
    const inline = (asSource || !active) && (previewMimeTypes as readonly string[]).includes(file.type) && c.req.query('download') === undefined
    const headers = new Headers({
      'content-type': type.startsWith('text/') ? `${type}; charset=utf-8` : type,
      'content-length': String(file.size),
      'x-content-type-options': 'nosniff',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      etag: file.eTag.startsWith('"') ? file.eTag : `"${file.eTag}"`,
      'last-modified': new Date(file.lastModified).toUTCString(),
      // Logos and the pictures of published posts are public; a draft's pictures reach admins only.
      'cache-control': file.path.startsWith('profile-pictures/') || (file.path.startsWith('blog-images/') && !actor?.isAdmin) ? 'public, max-age=300' : 'private, no-cache',
      'cross-origin-resource-policy': 'same-origin',
    })
    if (!inline || active) headers.set('content-security-policy', SANDBOX_POLICY)
    // A binary STL's box, read when it was uploaded: the viewer frames the model and draws it as it arrives.
    if (modelBox) headers.set(MODEL_BOX_HEADER, formatModelBox(modelBox))
    if (c.req.method === 'HEAD') {
      body.destroy()
      return new Response(null, { status: 200, headers })
    }
    return new Response(Readable.toWeb(body) as ReadableStream, { status: 200, headers })
  } catch (error) {
    if (isAppError(error)) {
      const answer = toHttpAnswer(error, { signedIn: actor !== null })
      return c.text(answer.message, answer.status as 400)
    }
    throw error
  }
}
