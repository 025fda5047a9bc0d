import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { withNodeOverrides } from '../../lib/chains'

/**
 * Content-Security-Policy for every HTML page.
 *
 * Prerendered pages are static files, so there is no per-request nonce to give their inline scripts
 * (the theme boot script, React Router's hydration data and module loader). Instead, each inline
 * script that runs is allowed by its SHA-256 hash, read from the page as it is served; server-rendered
 * pages get the same treatment, so one rule covers both. Nothing else inline may run, and scripts
 * load from this origin only.
 */

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/** 'sha256-…' sources for the inline scripts of a page that run (JSON-LD and other data blocks do not). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (!EXECUTABLE_TYPES.has(type)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export interface PolicyOptions {
  scriptHashes: string[]
  /** Origins the browser calls directly besides this one: the wallet's JSON-RPC nodes. */
  connectOrigins: string[]
  /** The page shows the Google map (the contact page, with a key configured). */
  googleMaps: boolean
}

// Google's published allowlist for the Maps JavaScript API.
const googleMaps = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com', 'https://*.googleusercontent.com', "'unsafe-eval'", 'blob:'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'],
  frame: ['https://*.google.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
}

export function buildPolicy({ scriptHashes, connectOrigins, googleMaps: maps }: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(maps ? googleMaps.script : [])],
    // React renders style attributes (image fades, theme dots) and the theme's <style> block.
    'style-src': ["'self'", "'unsafe-inline'", ...(maps ? googleMaps.style : [])],
    'img-src': ["'self'", 'data:', 'blob:', ...(maps ? googleMaps.img : [])],
    'font-src': ["'self'", 'data:', ...(maps ? googleMaps.font : [])],
    'connect-src': ["'self'", ...connectOrigins, ...(maps ? googleMaps.connect : [])],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': maps ? googleMaps.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

/** The wallet's node origins (defaults with RPC_URL_<chainId> applied), for connect-src. */
export function walletNodeOrigins(rpcUrls: Record<number, string>): string[] {
  return [...new Set(withNodeOverrides(rpcUrls).map((chain) => new URL(chain.nodeUrl).origin))]
}

export interface CspMiddlewareOptions {
  rpcUrls: Record<number, string>
  googleMapsApiKey?: string
  /** PUBLIC_URL: behind a TLS proxy the request arrives as http://, while the browser speaks wss://. */
  publicUrl?: string
}

/** The WebSocket origin a page served at `url` uses for the chat. */
const socketOriginOf = (url: URL) => `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`

/** Sets the policy on HTML responses; it sits inside compression, so it reads the page uncompressed. */
export function contentSecurityPolicy({ rpcUrls, googleMapsApiKey, publicUrl }: CspMiddlewareOptions): MiddlewareHandler {
  const connectOrigins = walletNodeOrigins(rpcUrls)
  const publicSocket = publicUrl ? socketOriginOf(new URL(publicUrl)) : undefined
  // The same key check as the map itself (SPEC: a key shorter than 10 characters means no map).
  const mapsConfigured = (googleMapsApiKey?.length ?? 0) >= 10
  // Per server: each has its own build.
  const staticPageHashes = new Map<string, string[]>()
  return async (c, next) => {
    await next()
    // A 304 has no page to read; the browser keeps the policy stored with the page it revalidated.
    if (c.res.status === 304 || !c.res.headers.get('content-type')?.startsWith('text/html')) return
    // A response with its own policy keeps it (an uploaded HTML file is served sandboxed).
    if (c.res.headers.has('content-security-policy')) return
    // The page's own origin, for the chat's WebSocket (older browsers do not count ws: as 'self').
    const url = new URL(c.req.url)
    const policy = buildPolicy({
      scriptHashes: await scriptHashesOf(staticPageHashes, c.req.method, url.pathname, c.res),
      connectOrigins: [...new Set([socketOriginOf(url), ...(publicSocket ? [publicSocket] : []), ...connectOrigins])],
      googleMaps: mapsConfigured && url.pathname.replace(/\/+$/, '') === '/contact',
    })
    c.header('Content-Security-Policy', policy)
  }
}

/**
 * The script hashes of a page. A static file (a prerendered page, precompressed at build time) is the
 * same bytes until the next build: its hashes are worked out once, by GET, and kept in `remembered`
 * by path, encoding and modification time.
 */
async function scriptHashesOf(remembered: Map<string, string[]>, method: string, pathname: string, res: Response): Promise<string[]> {
  const encoding = res.headers.get('content-encoding') ?? ''
  const lastModified = res.headers.get('last-modified')
  const key = lastModified ? `${pathname}\n${encoding}\n${lastModified}` : undefined
  const known = key && remembered.get(key)
  if (known) return known
  // For HEAD too: Hono runs the GET handler of a rendered page and drops the body later, so both
  // answer the same policy. A static file's HEAD has no body: it is answered from a GET's hashes.
  const body = Buffer.from(await res.clone().arrayBuffer())
  const html = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8')
  const hashes = inlineScriptHashes(html)
  if (key && method === 'GET') {
    if (remembered.size >= MAX_REMEMBERED_PAGES) remembered.clear()
    remembered.set(key, hashes)
  }
  return hashes
}

const MAX_REMEMBERED_PAGES = 500
