import { afterAll } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../integration/platform/support/scratch-database'
import { describePermissionMatrix } from '../integration/portal/support/permission-matrix'

// The same matrix against the system PostgreSQL (a scratch database, dropped afterwards).
let scratch: ScratchDatabase | undefined
afterAll(async () => {
  await scratch?.drop()
})

describePermissionMatrix('permission matrix on the system PostgreSQL', async () => {
  scratch = await createScratchDatabase()
  return { DATABASE_URL: scratch.url }
})
