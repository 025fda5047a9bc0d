import { rmSync } from 'node:fs'
import { startServer } from '../../server/app'
import { parseEnv } from '../../server/core/env'
import { createLogger } from '../../server/core/logger'
import { newDataDir } from './data-dir'
import { readingThrough, startedForSuite } from './started-for-suite'

/**
 * The server in this process with its defaults (the embedded PostgreSQL in a DATA_DIR of its own,
 * named from `prefix`; a silent log), started before the first test of the describe block that calls
 * it and closed after its last, its DATA_DIR removed. Gives its address.
 */
export function serverForSuite(prefix: string): { readonly url: string } {
  const started = startedForSuite(
    async () => {
      const dataDir = await newDataDir(prefix)
      return { dataDir, server: await startServer({ env: parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }), log: createLogger('silent') }) }
    },
    async ({ server, dataDir }) => {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  )
  return readingThrough(() => started().server, ['url'], {})
}
