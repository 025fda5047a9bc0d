// Initialises and migrates the embedded PostgreSQL in the directory given, then stops it cleanly
// (run by the global setup in data-dir-template.ts, in a process of its own).
import { openDatabase } from '../../server/db/open-database'
import { createLogger } from '../../server/core/logger'

const dir = process.argv[2]
try {
  if (!dir) throw new Error('usage: make-data-dir-template.ts <empty directory>')
  const database = await openDatabase({ dataDir: dir, log: createLogger('silent') })
  await database.close()
  process.exit(0)
} catch (error) {
  console.error(error)
  process.exit(1)
}
