import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import path from 'node:path'
import { getMimeType } from 'hono/utils/mime'
import { workerPolicyOf, type PagePolicy } from './content-security-policy'
import { isCompressible } from './compressible-files'
import type { ScriptHashManifest } from './script-hash-manifest'

type Encoding = 'br' | 'gzip' | 'identity'

interface Variant {
  body: Buffer
  headers: OutgoingHttpHeaders
  /** The headers of a 304 for this copy (no body, no length or encoding). */
  notModifiedHeaders: OutgoingHttpHeaders
  etag: string
}

interface StaticFile {
  /** The file relative to the client build, with / separators (the script-hash manifest's key). */
  file: string
  isHtml: boolean
  lastModified: string
  variants: Partial<Record<Encoding, Variant>>
}

export interface StaticFiles {
  /** How many URLs are served from memory. */
  size: number
  /** Whether a URL path names a file of the build. */
  has(pathname: string): boolean
  /** Answers a GET or HEAD for a file of the build; false when the request is not for one. */
  handle(req: IncomingMessage, res: ServerResponse): boolean
}

/** The answers of a client build up to this size in all are kept in memory (the build is a few MiB). */
const MAX_BYTES = 128 * 1024 * 1024

/**
 * The client build (prerendered pages, hashed assets, the route data files) answered from memory with
 * headers computed once at start: no file system call, no compression and no middleware per request.
 * Each file's precompressed copies (.br, .gz, written at build time) are sent as the browser accepts
 * them. Hashed assets are immutable; everything else is revalidated with its ETag. A prerendered page
 * gets the Content-Security-Policy that allows exactly the inline scripts the build hashed for it.
 * Requests it does not know (a query with a Range header, an unknown path) go on to the rest of the
 * server.
 */
export function loadStaticFiles(clientDir: string, { scriptHashes, pagePolicy }: { scriptHashes: ScriptHashManifest; pagePolicy: PagePolicy }): StaticFiles {
  const byUrl = new Map<string, StaticFile>()
  let total = 0
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        const file = path.relative(clientDir, full).split(path.sep).join('/')
        const loaded = load(full, file)
        total += Object.values(loaded.variants).reduce((sum, v) => sum + v.body.length, 0)
        if (total > MAX_BYTES) throw new Error(`The client build is larger than ${MAX_BYTES} bytes: too large to keep in memory`)
        for (const url of urlsOf(file)) byUrl.set(url, loaded)
      }
    }
  }
  walk(clientDir)
  // A page's policy depends on the host it was asked from (the chat's WebSocket origin): computed once
  // per page and host.
  const policies = new Map<string, string>()
  const policyOf = (found: StaticFile, raw: string, host: string) => {
    const key = `${found.file}|${host}`
    let policy = policies.get(key)
    if (policy === undefined) {
      policy = pagePolicy(new URL(raw, `http://${host}`), scriptHashes.pages[found.file] ?? [])
      if (policies.size < 1000) policies.set(key, policy)
    }
    return policy
  }

  return {
    size: byUrl.size,
    has: (pathname) => byUrl.has(pathname),
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const raw = req.url ?? '/'
      const q = raw.indexOf('?')
      const found = byUrl.get(q === -1 ? raw : raw.slice(0, q))
      if (!found || req.headers.range) return false
      const variant = pick(found, String(req.headers['accept-encoding'] ?? ''))
      if (!variant) return false
      if (notModified(req, variant.etag, found.lastModified)) {
        res.writeHead(304, variant.notModifiedHeaders)
        res.end()
        return true
      }
      if (found.isHtml) res.setHeader('Content-Security-Policy', policyOf(found, raw, req.headers.host ?? 'localhost'))
      res.writeHead(200, variant.headers)
      res.end(req.method === 'HEAD' ? undefined : variant.body)
      return true
    },
  }

  function load(full: string, file: string): StaticFile {
    const isHtml = file.endsWith('.html')
    const immutable = file.startsWith('assets/')
    const mime = getMimeType(file) ?? 'application/octet-stream'
    const lastModified = statSync(full).mtime.toUTCString()
    const variants: StaticFile['variants'] = {}
    const compressible = isCompressible(file)
    for (const [encoding, suffix] of [['identity', ''], ['br', '.br'], ['gzip', '.gz']] as const) {
      let body: Buffer
      try {
        body = readFileSync(full + suffix)
      } catch {
        continue
      }
      const etag = `"${createHash('sha1').update(body).digest('base64url')}${encoding === 'identity' ? '' : `-${encoding}`}"`
      const workerPolicy = workerPolicyOf(file)
      const headers: OutgoingHttpHeaders = {
        'Content-Type': mime,
        'Content-Length': String(body.length),
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        'Last-Modified': lastModified,
        ETag: etag,
        ...(workerPolicy ? { 'Content-Security-Policy': workerPolicy } : {}),
      }
      // A text file may go out compressed or not, so caches keep one copy per encoding.
      if (compressible) headers.Vary = 'Accept-Encoding'
      const { 'Content-Length': _length, 'Content-Type': _type, ...notModifiedHeaders } = headers
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding
      variants[encoding] = { body, headers, notModifiedHeaders, etag }
    }
    return { file, isHtml, lastModified, variants }
  }
}

/** The URLs a file of the build answers: a page's index.html also answers its folder, with and without "/". */
function urlsOf(file: string): string[] {
  const url = '/' + file
  if (file === 'index.html') return ['/', '/index.html']
  if (file.endsWith('/index.html')) {
    const folder = url.slice(0, -'/index.html'.length)
    return [folder, folder + '/', url]
  }
  return [url]
}

function pick(file: StaticFile, acceptEncoding: string): Variant | undefined {
  const { br, gzip, identity } = file.variants
  if (br && /\bbr\b/.test(acceptEncoding)) return br
  if (gzip && /\bgzip\b/.test(acceptEncoding)) return gzip
  return identity
}

function notModified(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch) return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  const since = req.headers['if-modified-since']
  return since !== undefined && Date.parse(since) >= Date.parse(lastModified)
}
