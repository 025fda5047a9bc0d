import type { MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'

/** An Accept-Encoding that takes gzip (or `*`) with a weight above 0. */
const ACCEPTS_GZIP = /(?:^|[\s,])(?:gzip|\*)(?:\s*;\s*q=(?:1|0?\.\d*[1-9]\d*))?\s*(?:,|$)/i
/** The same for deflate, which Hono's compress also offers. */
const ACCEPTS_DEFLATE = /(?:^|[\s,])deflate(?:\s*;\s*q=(?:1|0?\.\d*[1-9]\d*))?\s*(?:,|$)/i

/** Whether a client sending this Accept-Encoding takes a gzip answer. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return ACCEPTS_GZIP.test(acceptEncoding ?? '')
}

/** A Vary value that also names Accept-Encoding (unchanged when it already does, or is `*`). */
export function varyWithAcceptEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding'
  return vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`
}
const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:javascript|json|xml|xhtml\+xml|graphql-response\+json)|image\/svg\+xml)/i

/**
 * gzip or deflate for clients that accept it (Hono's compress). A client that accepts neither gets the
 * answer as the handler wrote it, with only `Vary: Accept-Encoding` added in place: rebuilding the
 * response to add one header would turn a body held in memory into a stream, for nothing.
 */
export function compressAnswers(): MiddlewareHandler {
  const gzip = compress()
  return async (c, next) => {
    const acceptEncoding = c.req.header('accept-encoding')
    if (acceptsGzip(acceptEncoding) || ACCEPTS_DEFLATE.test(acceptEncoding ?? '')) return gzip(c, next)
    await next()
    const headers = c.res.headers
    if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return
    const vary = varyWithAcceptEncoding(headers.get('vary'))
    if (vary === headers.get('vary')) return
    try {
      headers.set('vary', vary)
    } catch {
      c.header('Vary', vary) // a response whose headers are read-only
    }
  }
}
