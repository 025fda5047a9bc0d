import type { MiddlewareHandler } from 'hono'

export const INVALID_TEXT_MESSAGE = 'Invalid characters in input'
/** The body of a refusal at the edge in GraphQL's error shape (/graphql answers only that shape). */
export function graphqlRefusal(status: 400 | 413, message: string) {
  return { errors: [{ message, extensions: { code: status === 400 ? 'BAD_REQUEST' : 'REQUEST_ENTITY_TOO_LARGE' } }] }
}

/** Form and JSON bodies larger than this are refused before they are read: no form of the site comes near. */
export const MAX_TEXT_BODY_BYTES = 1024 * 1024

/**
 * Text no field of the site accepts: a NUL character (PostgreSQL cannot store it in text, and no person
 * types it) or a lone UTF-16 surrogate (not a character at all; PostgreSQL refuses it in JSON).
 */
export function isInvalidText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value)
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** A JSON escape of NUL or of a surrogate (paired or not: the parse below decides). */
const MAYBE_INVALID_ESCAPE = /\\u(?:0000|[dD][89abcdefABCDEF])/

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Percent-decoding that fails (rather than substituting U+FFFD) on bytes that are not UTF-8. */
function decodeComponent(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return undefined
  }
}

/** Every key and value of a query string or form-urlencoded body, or undefined when one is not valid UTF-8. */
function decodeFormPairs(encoded: string): string[] | undefined {
  const parts: string[] = []
  for (const pair of encoded.split('&')) {
    if (!pair) continue
    for (const part of pair.split('=', 2)) {
      const decoded = decodeComponent(part)
      if (decoded === undefined) return undefined
      parts.push(decoded)
    }
  }
  return parts
}

/** Whether any string (key or value) of a parsed JSON value is invalid text. */
export function jsonHasInvalidText(value: unknown): boolean {
  if (typeof value === 'string') return isInvalidText(value)
  if (Array.isArray(value)) return value.some(jsonHasInvalidText)
  if (value && typeof value === 'object') return Object.entries(value).some(([key, v]) => isInvalidText(key) || jsonHasInvalidText(v))
  return false
}

export type BodyKind = 'json' | 'form' | 'multipart' | 'text'

function bodyKindOf(contentType: string | undefined): BodyKind | undefined {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json'
  if (mediaType === 'application/x-www-form-urlencoded') return 'form'
  if (mediaType === 'multipart/form-data') return 'multipart'
  if (mediaType.startsWith('text/') || mediaType === 'application/graphql') return 'text'
  return undefined
}

/** Reads a request body up to `limit` bytes; undefined when it is longer. */
async function readBody(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length'))
  if (declared > limit) return undefined
  const reader = request.clone().body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** Whether a body of this kind holds text no field accepts (undecodable UTF-8 included). */
export async function bodyHasInvalidText(kind: BodyKind, bytes: Uint8Array, contentType: string): Promise<boolean> {
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    // Only a multipart body may hold binary parts; its text fields are checked below.
    if (kind !== 'multipart') return true
    text = ''
  }
  if (kind === 'text') return isInvalidText(text)
  if (kind === 'form') {
    const parts = decodeFormPairs(text)
    return parts === undefined || parts.some(isInvalidText)
  }
  if (kind === 'json') {
    // Valid UTF-8 holds no lone surrogate, so in JSON text a NUL or a lone surrogate is either the raw NUL
    // character or a \u escape of one. Without either, no string in it can be invalid: no need to parse.
    if (!text.includes('\u0000') && !MAYBE_INVALID_ESCAPE.test(text)) return false
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return false // not JSON: the handler answers that itself
    }
    return jsonHasInvalidText(parsed)
  }
  let form: FormData
  try {
    form = await new Response(bytes.slice(), { headers: { 'content-type': contentType } }).formData()
  } catch {
    return false // not multipart: the handler answers that itself
  }
  for (const [name, value] of form) {
    if (isInvalidText(name)) return true
    if (typeof value === 'string' ? isInvalidText(value) : isInvalidText(value.name)) return true
  }
  return false
}

export function urlHasInvalidText(url: URL): boolean {
  for (const segment of url.pathname.split('/')) {
    const decoded = decodeComponent(segment.replace(/\+/g, '%2B'))
    if (decoded === undefined || isInvalidText(decoded)) return true
  }
  const parts = decodeFormPairs(url.search.slice(1))
  return parts === undefined || parts.some(isInvalidText)
}

/**
 * Refuses, at the edge, a request whose input holds text no field accepts: the path, the query string,
 * and JSON, form, multipart (its text fields) and plain-text bodies, whichever handler they are for
 * (pages and their actions, /graphql, /api/*). The answer is a 400 with a plain message, in the shape
 * the caller reads (GraphQL errors, the auth endpoints' { code, message }, or text), instead of a
 * PostgreSQL error (a 500) deep inside. Uploads (tus) are binary and never reach Hono.
 */
export function rejectInvalidText({ maxBodyBytes = MAX_TEXT_BODY_BYTES }: { maxBodyBytes?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw
    const url = new URL(request.url)
    const refuse = (status: 400 | 413, message: string) => {
      c.header('Cache-Control', 'no-store')
      if (url.pathname === '/graphql') return c.json(graphqlRefusal(status, message), status)
      if (url.pathname.startsWith('/api/')) return c.json({ code: status === 400 ? 'INVALID_CHARACTERS' : 'REQUEST_TOO_LARGE', message }, status)
      return c.text(message, status)
    }
    if (urlHasInvalidText(url)) return refuse(400, INVALID_TEXT_MESSAGE)
    const contentType = request.headers.get('content-type') ?? ''
    const kind = request.body ? bodyKindOf(contentType) : undefined
    if (kind) {
      const bytes = await readBody(request, maxBodyBytes)
      if (!bytes) return refuse(413, 'Request body is too large')
      if (await bodyHasInvalidText(kind, bytes, contentType)) return refuse(400, INVALID_TEXT_MESSAGE)
    }
    await next()
  }
}
