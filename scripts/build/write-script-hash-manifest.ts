import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { inlineScriptHash, inlineScriptHashes } from '../../server/http/content-security-policy'
import { SCRIPT_HASH_MANIFEST, toManifestKey, type ScriptHashManifest } from '../../server/http/script-hash-manifest'

export interface WriteScriptHashManifestOptions {
  clientDir: string
  serverDir: string
  /** The source of the constant inline scripts every page has (the theme boot script). */
  renderedScripts: string[]
}

/** Hashes the inline scripts of every prerendered page, once, at build time. */
export async function writeScriptHashManifest({ clientDir, serverDir, renderedScripts }: WriteScriptHashManifestOptions): Promise<ScriptHashManifest> {
  const manifest: ScriptHashManifest = { pages: {}, rendered: renderedScripts.map(inlineScriptHash) }
  for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.join(entry.parentPath, entry.name)
    manifest.pages[toManifestKey(clientDir, file)] = inlineScriptHashes(await readFile(file, 'utf8'))
  }
  await writeFile(path.join(serverDir, SCRIPT_HASH_MANIFEST), JSON.stringify(manifest, null, 1))
  return manifest
}

