import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Written next to the server build, which is never served (the client build is). */
export const SCRIPT_HASH_MANIFEST = 'inline-script-hashes.json'

/** The inline scripts the build produced, as Content-Security-Policy sources. */
export interface ScriptHashManifest {
  /** Per prerendered page file of the client build (relative path with / separators): its inline scripts. */
  pages: Record<string, string[]>
  /** The site's own constant inline scripts that server-rendered pages carry without the nonce. */
  rendered: string[]
}

/** The manifest key of a client-build file; a precompressed copy (.br, .gz) counts as its original. */
export function toManifestKey(clientDir: string, file: string): string {
  return path.relative(clientDir, file.replace(/\.(br|gz)$/, '')).split(path.sep).join('/')
}

/** Reads the manifest of a production build; without it no prerendered page could run its scripts. */
export function readScriptHashManifest(serverDir: string): ScriptHashManifest {
  const file = path.join(serverDir, SCRIPT_HASH_MANIFEST)
  if (!existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: the build is incomplete or older than the server code; build again`)
  return JSON.parse(readFileSync(file, 'utf8')) as ScriptHashManifest
}
