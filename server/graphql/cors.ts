import type { AppContext } from '../context/app-context'
import { isSiteOrigin } from '../http/site-origin'

const METHODS = ['GET', 'POST']
const ALLOWED_HEADERS = ['content-type', 'authorization', 'accept']
const MAX_AGE_SECONDS = 600

/** Who sent a request with an Origin: the site's own pages, or any other origin. */
export interface CorsSite {
  origin: string | undefined
  isSite: boolean
}

export function corsSiteOf(ctx: AppContext, origin: string | null | undefined, host: string | null | undefined): CorsSite {
  if (!origin) return { origin: undefined, isSite: false }
  return { origin, isSite: isSiteOrigin(origin, { publicUrl: ctx.env.PUBLIC_URL, host: host ?? undefined }) }
}

/**
 * CORS for /graphql. The site's own pages may send their cookies (credentialed requests); any other
 * origin may call it with an API token (Authorization: Bearer) but never with credentials, so a
 * browser on another site cannot read a signed-in visitor's data. Requests that carry a cookie from
 * another origin never get here (server/http/origin-guard.ts). These are Yoga's options (GET,
 * OPTIONS and whatever goes through Yoga whole).
 */
export function corsOptionsFor(ctx: AppContext) {
  const common = { methods: METHODS, allowedHeaders: ALLOWED_HEADERS, maxAge: MAX_AGE_SECONDS }
  return (request: Request) => {
    const site = corsSiteOf(ctx, request.headers.get('origin'), request.headers.get('host'))
    return site.isSite ? { ...common, origin: [site.origin!], credentials: true } : { ...common, origin: '*', credentials: false }
  }
}

/**
 * The headers Yoga's CORS plugin adds with the options above, for the answers written without Yoga
 * (execute-json-post.ts): none without an Origin; the origin itself, with credentials, for the
 * site's pages; the origin echoed without credentials (and Vary: Origin) for any other.
 */
export function corsAnswerHeaders(site: CorsSite): Record<string, string> {
  if (!site.origin) return {}
  const common = { 'Access-Control-Allow-Methods': METHODS.join(', '), 'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '), 'Access-Control-Max-Age': String(MAX_AGE_SECONDS) }
  return site.isSite
    ? { 'Access-Control-Allow-Origin': site.origin, ...common, 'Access-Control-Allow-Credentials': 'true' }
    : { 'Access-Control-Allow-Origin': site.origin, Vary: 'Origin', ...common }
}
