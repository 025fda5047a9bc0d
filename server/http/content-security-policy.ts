import { createHash, randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { withNodeOverrides } from '../../lib/chains'
import type { ScriptHashManifest } from './script-hash-manifest'

/**
 * Content-Security-Policy for every HTML page: scripts from this origin, plus inline scripts the build
 * itself produced, and nothing else inline.
 * - A prerendered page is a static file with no per-request nonce: its inline scripts (theme boot,
 *   React Router's hydration data and module loader) are allowed by their SHA-256 hashes, computed
 *   from the file at build time (script-hash-manifest.ts), never from the bytes being served.
 * - A server-rendered page gets a fresh nonce per request, which React Router and React put on the
 *   scripts they write (app/entry.server.tsx), plus the build-time hashes of the site's own constant
 *   inline scripts (the theme boot script), which carry no nonce.
 * Whatever else a response contains (an injected script included) is never allowed.
 */

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/** The 'sha256-…' source that allows one inline script, byte for byte. */
export const inlineScriptHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

/** 'sha256-…' sources for the inline scripts of a page that run (JSON-LD and other data blocks do not). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (!EXECUTABLE_TYPES.has(type)) continue
    hashes.add(inlineScriptHash(body))
  }
  return [...hashes]
}

export interface PolicyOptions {
  /** Sources for inline scripts: 'sha256-…' hashes and/or a 'nonce-…'. */
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
  /** The build's inline-script hashes. */
  scriptHashes: ScriptHashManifest
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The nonce of this request's page, for React Router's and React's inline scripts. */
    cspNonce: string
    /** The client-build file a static answer came from (relative, with / separators), if any. */
    staticFile: string
  }
}

/** The WebSocket origin a page served at `url` uses for the chat. */
const socketOriginOf = (url: URL) => `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`

const NOT_PAGES = /^\/(graphql|api\/|files\/|uploads|healthz|readyz|livez)/

/** The policy of a page served at `url` whose inline scripts are allowed by `scriptSources`. */
export type PagePolicy = (url: URL, scriptSources: string[]) => string

export function createPagePolicy({ rpcUrls, googleMapsApiKey, publicUrl }: Omit<CspMiddlewareOptions, 'scriptHashes'>): PagePolicy {
  const connectOrigins = walletNodeOrigins(rpcUrls)
  const publicSocket = publicUrl ? socketOriginOf(new URL(publicUrl)) : undefined
  // The same key check as the map itself (a key shorter than 10 characters means no map).
  const mapsConfigured = (googleMapsApiKey?.length ?? 0) >= 10
  return (url, scriptSources) =>
    buildPolicy({
      scriptHashes: scriptSources,
      // The page's own origin, for the chat's WebSocket (older browsers do not count ws: as 'self').
      connectOrigins: [...new Set([socketOriginOf(url), ...(publicSocket ? [publicSocket] : []), ...connectOrigins])],
      googleMaps: mapsConfigured && url.pathname.replace(/\/+$/, '') === '/contact',
    })
}

/** Sets the policy on HTML responses, and the nonce (c.get('cspNonce')) server-rendered pages use. */
export function contentSecurityPolicy(options: CspMiddlewareOptions): MiddlewareHandler {
  const { scriptHashes } = options
  const pagePolicy = createPagePolicy(options)
  return async (c, next) => {
    // Answers that are never a page (the API, files, probes) need no nonce and get no policy here.
    if (NOT_PAGES.test(c.req.path)) return next()
    const nonce = randomBytes(16).toString('base64')
    c.set('cspNonce', nonce)
    await next()
    // A 304 has no page; the browser keeps the policy stored with the page it revalidated.
    if (c.res.status === 304 || !c.res.headers.get('content-type')?.startsWith('text/html')) return
    // A response with its own policy keeps it (an uploaded HTML file is served sandboxed).
    if (c.res.headers.has('content-security-policy')) return
    const staticFile = c.get('staticFile')
    const scriptSources = staticFile !== undefined ? (scriptHashes.pages[staticFile] ?? []) : [`'nonce-${nonce}'`, ...scriptHashes.rendered]
    c.header('Content-Security-Policy', pagePolicy(new URL(c.req.url), scriptSources))
  }
}

/**
 * The policy of a Web Worker's script (a worker takes the policy its own script arrives with, not the
 * page's): the previews' reading workers load scripts and fetch files of this origin, and nothing else. The
 * model worker compiles OpenCascade's WebAssembly and the IFC worker web-ifc's, and their Emscripten
 * bindings build call wrappers with `new Function`: so 'wasm-unsafe-eval' and 'unsafe-eval', here only. A worker has
 * no DOM, cookies or page to reach, and runs only this build's code. Pages keep their script-src
 * without either.
 */
export const WORKER_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'"

/** A worker script of the build (Vite names them after their module: model.worker-<hash>.js). */
export function isWorkerScript(file: string): boolean {
  return /(^|\/)[\w-]+\.worker-[\w-]+\.js$/.test(file)
}

/**
 * The policy of the download worker's script: it fetches the files the viewer reads, of this origin,
 * and hands their bytes to the page. It loads no script, compiles nothing and evaluates nothing.
 */
export const DOWNLOAD_WORKER_POLICY = "default-src 'none'; connect-src 'self'"

/** The policy a script of the build arrives with: each worker's own, as narrow as its work; null for any other script. */
export function workerPolicyOf(file: string): string | null {
  if (/(^|\/)download\.worker-[\w-]+\.js$/.test(file)) return DOWNLOAD_WORKER_POLICY
  if (isWorkerScript(file)) return WORKER_POLICY
  if (isPdfWorkerScript(file)) return PDF_WORKER_POLICY
  return null
}

/**
 * The policy of PDF.js's worker script, which reads the bytes of a PDF the page hands it: scripts of
 * this origin only, no eval of any kind, no WebAssembly, and no fetching (the page gives it the file).
 * A PDF is a stranger's file: if a flaw let it steer the reader, there is no code to compile and no one
 * to send anything to.
 */
export const PDF_WORKER_POLICY = "default-src 'none'; script-src 'self'"

/** PDF.js's worker script as the build emits it (pdf.worker.min-<hash>.mjs). */
export function isPdfWorkerScript(file: string): boolean {
  return /(^|\/)pdf\.worker(\.min)?-[\w-]+\.mjs$/.test(file)
}
