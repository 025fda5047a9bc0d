/**
 * Grants or revokes the admin group of an existing account:
 *   npm run admin -- grant <email>
 *   npm run admin -- revoke <email>
 * Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR: the running server's instance when the
 * server is up (it is never stopped from here), otherwise it starts one for the duration of the command.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { ADMINS_GROUP, grantAdminGroup, revokeAdminGroups } from '../auth/admin-groups'
import { findDataDirHolder } from '../db/data-dir-lock'
import { EMBEDDED_DATABASE_NAME } from '../db/embedded-postgres'
import { openDatabase } from '../db/open-database'
import * as schema from '../db/schema'
import { parseEnv } from '../core/env'
import { createLogger } from '../core/logger'

const usage = 'Usage: npm run admin -- grant <email> | revoke <email>'

/** The running server's embedded PostgreSQL (never one a backup or restore started for itself). */
function runningEmbeddedUrl(dataDir: string): string | undefined {
  if (findDataDirHolder(dataDir)?.role !== 'server') return undefined
  try {
    const settings = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as { port: number; password: string }
    return `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/${EMBEDDED_DATABASE_NAME}`
  } catch {
    return undefined
  }
}

async function main() {
  const [command, email] = process.argv.slice(2)
  if ((command !== 'grant' && command !== 'revoke') || !email || !email.includes('@')) {
    console.error(usage)
    return 2
  }
  const env = parseEnv()
  const log = createLogger('warn')
  const url = env.DATABASE_URL ?? runningEmbeddedUrl(env.dataDir)
  let close: () => Promise<void>
  let db
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    db = drizzle(pool, { schema })
    close = () => pool.end()
  } else {
    const database = await openDatabase({ dataDir: env.dataDir, log, role: 'admin', lockAdvice: 'Wait for it to finish, then run the command again.' })
    db = database.db
    close = () => database.close()
  }
  try {
    const missing = () => {
      console.error(`No account with the email ${email}.`)
      return 1
    }
    if (command === 'revoke') {
      if (!(await revokeAdminGroups(db, email))) return missing()
      console.log(`${email} is no longer an admin.`)
      return 0
    }
    const result = await grantAdminGroup(db, email)
    if (result === 'no-account') return missing()
    if (result === 'unverified') {
      console.error(`The account ${email} has not verified its email address yet, so it cannot be made an admin: anyone may have chosen its password. Grant it once its owner has verified the address.`)
      return 1
    }
    console.log(`${email} is now in the ${ADMINS_GROUP} group. Admins must use two-factor sign-in: until the account signs in with a second factor, the dashboard sends it to set one up and it has no admin rights.`)
    return 0
  } finally {
    await close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
