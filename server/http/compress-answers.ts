import type { MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'

/** The encodings the compression offers; `*` accepts any of them. */
const ACCEPTS_COMPRESSION = /(?:^|[\s,])(?:gzip|deflate|\*)(?:\s*;\s*q=(?:1|0?\.\d*[1-9]\d*))?\s*(?:,|$)/i
const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:javascript|json|xml|xhtml\+xml|graphql-response\+json)|image\/svg\+xml)/i

/**
 * gzip or deflate for clients that accept it (Hono's compress). A client that accepts neither gets the
 * answer as the handler wrote it, with only `Vary: Accept-Encoding` added in place: rebuilding the
 * response to add one header would turn a body held in memory into a stream, for nothing.
 */
export function compressAnswers(): MiddlewareHandler {
  const gzip = compress()
  return async (c, next) => {
    if (ACCEPTS_COMPRESSION.test(c.req.header('accept-encoding') ?? '')) return gzip(c, next)
    await next()
    const headers = c.res.headers
    if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return
    const vary = headers.get('vary')
    if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return
    try {
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    } catch {
      c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding') // a response whose headers are read-only
    }
  }
}
