import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'

/**
 * A maker of empty temporary directories named `<prefix>…`, each removed with what it holds after the
 * test that made it (an `afterEach` of the enclosing suite, or of the file at its top level).
 */
export function tempDirsForEachTest(prefix: string): () => string {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }
}
