import { rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyBackup } from '../../server/backup/verify-backup'
import { createS3BlobStore } from '../../server/storage/blobs/s3-blob-store'
import { archiveWritten, backupWorkDir, hashStoredFiles, type PopulatedInstance, populateInstance, readAllTables, readAllTablesThenClose, runNpm, sha256, waitForQuiet } from '../integration/platform/support/backup-round-trip'
import { createScratchDatabase, type ScratchDatabase } from '../integration/platform/support/scratch-database'
import { HttpClient } from '../integration/portal/support/http-client'
import { startPortalServer, type PortalServer } from '../integration/portal/support/portal-server'
import { startTestServer, type TestServer } from '../setup/test-server'

const ADMIN = 'admin@example.test'

async function tables(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return readAllTablesThenClose(client)
}

// The grown-up deployment: the system PostgreSQL (DATABASE_URL) and an S3-compatible bucket (s3rver).
describe('npm run backup and npm run restore on an external PostgreSQL with S3 storage', { timeout: 300_000 }, () => {
  const work = backupWorkDir('backup-external-')
  const restoredDir = path.join(work, 'restored-data')
  let s3rver: S3rver
  let s3Env: (bucket: string) => Record<string, string>
  let source: ScratchDatabase
  let target: ScratchDatabase
  let portal: PortalServer | undefined
  let site: PopulatedInstance
  let tablesBefore: Record<string, string[]>
  let filesBefore: Map<string, string>
  let archive: string
  const servers: TestServer[] = []

  beforeAll(async () => {
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [
        { name: 'site-files', configs: [] },
        { name: 'restored-files', configs: [] },
      ],
    })
    const { port } = await s3rver.run()
    const endpoint = `http://127.0.0.1:${port}`
    s3Env = (bucket) => ({ S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' })
    source = await createScratchDatabase()
    target = await createScratchDatabase()
    portal = await startPortalServer({ DATABASE_URL: source.url, ADMIN_EMAILS: ADMIN, ...s3Env('site-files') })
    site = await populateInstance(portal, ADMIN)
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await portal?.close()
    await source?.drop()
    await target?.drop()
    await s3rver?.close()
    rmSync(work, { recursive: true, force: true })
  })

  const bucket = (name: string) => {
    const env = s3Env(name)
    return createS3BlobStore({ bucket: name, endpoint: env.S3_ENDPOINT, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' })
  }

  it('writes one archive of the running server: every table of the external database and every object of the bucket', async () => {
    const db = new pg.Client({ connectionString: source.url })
    await db.connect()
    try {
      await waitForQuiet(db)
      tablesBefore = await readAllTables(db)
    } finally {
      await db.end()
    }
    filesBefore = await hashStoredFiles(bucket('site-files'))
    expect(filesBefore).toEqual(new Map([...site.files].sort(([a], [b]) => a.localeCompare(b))))

    const result = await runNpm('backup', [work], { cwd: work, env: { DATA_DIR: portal!.dataDir, DATABASE_URL: source.url, ...s3Env('site-files') } })
    expect(result.code, result.stderr).toBe(0)
    archive = archiveWritten(result)
    expect(path.dirname(archive)).toBe(work)
    expect(result.stdout).toContain(`Backing up the PostgreSQL database ${new URL(source.url).pathname.slice(1)} at 127.0.0.1:5432 and the files in the S3 bucket site-files`)

    const { manifest, authSecret } = await verifyBackup(archive)
    expect(manifest).toMatchObject({ database: { kind: 'external' }, storage: { kind: 's3' }, missingFiles: [] })
    const counts = Object.fromEntries(manifest.database.tables.map((t) => [`public.${t.name}`, t.rows]))
    expect(counts).toEqual(Object.fromEntries(Object.entries(tablesBefore).filter(([name]) => name.startsWith('public.')).map(([name, rows]) => [name, rows.length])))
    expect(new Map(manifest.files.map((f) => [f.path, f.sha256]))).toEqual(filesBefore)
    expect(authSecret).toBeDefined()
  })

  it('restores into an empty database and bucket: every row and every object as they were, and the restored server serves them to a session from before the backup', async () => {
    const env = { DATA_DIR: restoredDir, DATABASE_URL: target.url, ...s3Env('restored-files') }
    const result = await runNpm('restore', [archive], { cwd: work, env })
    expect(result.code, result.stderr).toBe(0)
    expect(await tables(target.url)).toEqual(tablesBefore)
    const restoredBucket = bucket('restored-files')
    expect(await hashStoredFiles(restoredBucket)).toEqual(filesBefore)
    // The rows' eTags are the restored objects' own, so the next backup finds every file as its row describes it.
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    const { rows } = await client.query<{ path: string; e_tag: string }>('SELECT path, e_tag FROM stored_file')
    await client.end()
    for (const row of rows) {
      const opened = await restoredBucket.open(row.path)
      opened!.body.destroy()
      expect(opened!.eTag, row.path).toBe(row.e_tag)
    }

    const cookies = new Map(site.alice.cookies)
    await portal!.close()
    portal = undefined
    const restored = await startTestServer({ dataDir: restoredDir, env: { DATABASE_URL: target.url, ...s3Env('restored-files') } })
    servers.push(restored)
    const alice = new HttpClient(restored.url)
    for (const [name, value] of cookies) alice.cookies.set(name, value)
    const session = (await (await alice.fetch('/api/session')).json()) as { user: { id: string } | null }
    expect(session.user?.id).toBe(site.aliceId)
    const jobs = await alice.gql<{ listJobRequests: { id: string }[] }>('{ listJobRequests { id } }')
    expect(jobs.data!.listJobRequests.map((j) => j.id)).toEqual([site.jobId])
    const [storagePath, hash] = [...filesBefore].find(([p]) => p.startsWith('job-files/'))!
    const res = await alice.fetch(`/files/${storagePath.split('/').map(encodeURIComponent).join('/')}`)
    expect(res.status).toBe(200)
    expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(hash)
  })

  it('refuses to restore over a database and bucket that are not empty unless told to with --force', async () => {
    expect(await servers.at(-1)!.stop()).toBe(0)
    const env = { DATA_DIR: restoredDir, DATABASE_URL: target.url, ...s3Env('restored-files') }
    const refused = await runNpm('restore', [archive], { cwd: work, env })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(new RegExp(`- the PostgreSQL database ${new URL(target.url).pathname.slice(1)} at 127.0.0.1:5432 is not empty \\(\\d+ tables\\)`))
    expect(refused.stderr).toContain('- the S3 bucket restored-files holds files')

    const forced = await runNpm('restore', [archive, '--force'], { cwd: work, env })
    expect(forced.code, forced.stderr).toBe(0)
    expect(await tables(target.url)).toEqual(tablesBefore)
    expect(await hashStoredFiles(bucket('restored-files'))).toEqual(filesBefore)
  })
})
