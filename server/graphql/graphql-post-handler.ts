import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { gzip as gzipCallback, gzipSync } from 'node:zlib'
import type { AppContext } from '../context/app-context'
import { acceptsGzip, varyWithAcceptEncoding } from '../http/compress-answers'
import { bodyHasInvalidText, graphqlRefusal, INVALID_TEXT_MESSAGE, MAX_TEXT_BODY_BYTES, urlHasInvalidText } from '../http/invalid-text'
import { corsSiteOf } from './cors'
import { GRAPHQL_MAX_BODY_BYTES, GRAPHQL_MAX_TOKENS, GRAPHQL_PATH, type GraphqlYoga } from './create-yoga'
import { queryHasEscapedInvalidText } from './escaped-invalid-text'
import { executeJsonPost } from './execute-json-post'

const gzip = promisify(gzipCallback)
/**
 * Answers up to this size are gzipped at once, at level 1, on the request's own turn: a 5 KB list
 * takes about 50 µs that way, and about four times as long through the thread pool at the default
 * level, for a few bytes less. Larger answers go to the pool, so no request holds the loop long.
 */
const GZIP_SYNC_UP_TO_BYTES = 64 * 1024
/** The answer to a body that is not JSON: fixed, so nothing of the body or of the parser comes back. */
export const INVALID_JSON_MESSAGE = 'Invalid JSON body'
/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024

/**
 * Bodies /graphql reads: JSON (`application/json`; a client that asks for
 * `application/graphql-response+json` answers also sends JSON). A form-encoded, multipart or plain-text
 * body is what an HTML form on another site can send without a CORS preflight, so it is refused
 * whatever its Origin.
 */
export function isGraphqlJsonBody(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return mediaType === 'application/json' || mediaType === 'application/graphql-response+json'
}

/**
 * POST /graphql with a JSON body, answered from Node's request and response without the page
 * router's layers: the body is read once into memory, checked as every input is at the edge (a 413
 * above the text-body limit, a 400 for text no field accepts), handed to Yoga, and its answer written
 * back (gzip for a client that accepts it). The visitor's address and the cross-site check were
 * applied before, as for every request. GET, OPTIONS and other bodies go through the router
 * (graphql-plugin.ts).
 */
export function handleGraphqlPost(req: IncomingMessage, res: ServerResponse, ctx: AppContext): boolean {
  if (req.method !== 'POST' || !isGraphqlJsonBody(req.headers['content-type'])) return false
  const url = req.url ?? ''
  const queryAt = url.indexOf('?')
  if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== GRAPHQL_PATH) return false
  answer(req, res, ctx).catch((error: unknown) => {
    ctx.log.error({ err: error, path: GRAPHQL_PATH }, 'unhandled request error')
    if (res.headersSent) res.destroy()
    else send(res, 500, 'text/plain; charset=UTF-8', Buffer.from('Internal Server Error'))
  })
  return true
}

function send(res: ServerResponse, status: number, contentType: string, body: Buffer) {
  res.statusCode = status
  res.setHeader('content-type', contentType)
  res.setHeader('cache-control', 'no-store')
  res.setHeader('content-length', body.byteLength)
  res.end(body)
}

function refuse(res: ServerResponse, status: 400 | 413, message: string) {
  if (status === 413) res.setHeader('connection', 'close')
  send(res, status, 'application/json', Buffer.from(JSON.stringify(graphqlRefusal(status, message))))
}

/** The body, or undefined once it passes `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length']) > limit) return undefined
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > limit) return undefined
    chunks.push(chunk)
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}

async function answer(req: IncomingMessage, res: ServerResponse, ctx: AppContext) {
  let url: URL
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
  } catch {
    return refuse(res, 400, 'Bad request')
  }
  if (urlHasInvalidText(url)) return refuse(res, 400, INVALID_TEXT_MESSAGE)
  const body = await readBody(req, MAX_TEXT_BODY_BYTES)
  if (!body) return refuse(res, 413, 'Request body is too large')
  if (await bodyHasInvalidText('json', body, req.headers['content-type'] ?? '')) return refuse(res, 400, INVALID_TEXT_MESSAGE)

  // req.headers, not rawHeaders: client-ip.ts stamps the visitor's address there.
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.set(name, value)
  }
  const yoga = ctx.services.graphql as GraphqlYoga
  // Valid UTF-8: bodyHasInvalidText refused anything else.
  const bodyText = body.toString('utf8')
  // Yoga refuses a larger body itself (413), before it reads it.
  let parsed: unknown
  if (body.byteLength <= GRAPHQL_MAX_BODY_BYTES) {
    try {
      parsed = JSON.parse(bodyText)
    } catch {
      return refuse(res, 400, INVALID_JSON_MESSAGE)
    }
    // Refused with the same 400 as the edge's, whatever the Accept header (Yoga answers a parse-time
    // error with 200 to a client that accepts only application/json).
    for (const operation of Array.isArray(parsed) ? parsed : [parsed]) {
      const query = (operation as { query?: unknown } | null)?.query
      if (typeof query === 'string' && queryHasEscapedInvalidText(query, GRAPHQL_MAX_TOKENS)) return refuse(res, 400, INVALID_TEXT_MESSAGE)
    }
  }
  // A plain query or mutation is run without Yoga's HTTP layer.
  const direct =
    parsed !== undefined
      ? await executeJsonPost(yoga, { headers, body: parsed, accept: req.headers.accept, site: corsSiteOf(ctx, req.headers.origin, req.headers.host) })
      : undefined
  let payload: Buffer
  if (direct) {
    payload = Buffer.from(direct.body)
    res.statusCode = direct.status
    for (const [name, value] of Object.entries(direct.headers)) res.setHeader(name, value)
  } else {
    const response = await yoga.fetch(new Request(url, { method: 'POST', headers, body: bodyText }), {})
    payload = Buffer.from(await response.arrayBuffer())
    res.statusCode = response.status
    for (const [name, value] of response.headers) if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length) res.setHeader('set-cookie', cookies)
  }
  res.setHeader('cache-control', 'no-store')
  const vary = res.getHeader('vary')
  res.setHeader('vary', varyWithAcceptEncoding(vary === undefined ? undefined : String(vary)))
  if (payload.byteLength >= COMPRESS_FROM_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
    payload = payload.byteLength <= GZIP_SYNC_UP_TO_BYTES ? gzipSync(payload, { level: 1 }) : await gzip(payload)
    res.setHeader('content-encoding', 'gzip')
  }
  res.setHeader('content-length', payload.byteLength)
  res.end(payload)
}
