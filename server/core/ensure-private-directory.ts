import { chmodSync, mkdirSync } from 'node:fs'
import { chmod, mkdir } from 'node:fs/promises'
import path from 'node:path'

/**
 * Folders under DATA_DIR hold clients' documents and secrets: each one the server creates is 0700
 * (owner only). mkdir's `mode` is filtered by the process umask, so the mode is also set outright on
 * every folder just created. Folders that already existed keep theirs.
 */
export async function ensurePrivateDirectory(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 })
  for (const created of createdChain(dir, first)) await chmod(created, 0o700)
}

/** The same, for start-up code that runs synchronously. */
export function ensurePrivateDirectorySync(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (const created of createdChain(dir, first)) chmodSync(created, 0o700)
}

/** `dir` and its parents up to `first`, the outermost folder mkdir created (undefined: none). */
function createdChain(dir: string, first: string | undefined): string[] {
  if (!first) return []
  const top = path.resolve(first)
  const chain: string[] = []
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.push(current)
    if (current === top || path.dirname(current) === current) break
  }
  return chain
}
